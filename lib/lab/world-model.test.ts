import { describe, expect, it } from "vitest";
import { generateLabTasks } from "./generate-tasks";
import { applyAction, startEpisode } from "./lab-episode";
import { actionIndexOf } from "./lab-actions";
import { labRubricV2 } from "./lab-rubrics";
import { runLab } from "./run-lab";
import { dependsOnContext, measureWorldModelBlend } from "./measure-world-model-blend";
import { createWorldModel, predictVerdict, trainWorldModel, verdictExamples, VERDICTS } from "./world-model";

const tasks = generateLabTasks({ seed: 21, count: 200 });
// What the environment said when the agent looked the policy up, one episode per task.
const examples = tasks.flatMap((task) => {
  const state = startEpisode(task);
  applyAction(state, actionIndexOf("lookup_order"));
  applyAction(state, actionIndexOf("lookup_policy"));
  return verdictExamples(state).map((example) => ({ example, planted: task.planted.verdict }));
});

describe("the lab's world model", () => {
  it("learns the policy lookup's answers from the lookups themselves", () => {
    expect(examples).toHaveLength(tasks.length);
    // The lookup's answer is the written policy's verdict: the targets are the environment's, not the simulator's truth.
    expect(examples.every(({ example, planted }) => VERDICTS[example.verdict] === planted)).toBe(true);
    const model = createWorldModel();
    const first = trainWorldModel(model, examples.map((e) => e.example))!;
    let last = first;
    for (let i = 0; i < 300; i++) last = trainWorldModel(model, examples.map((e) => e.example))!;
    expect(last.loss).toBeLessThan(first.loss);
    expect(last.accuracy).toBeGreaterThan(first.accuracy);
    const probabilities = predictVerdict(model, startEpisode(tasks[0]!));
    expect(probabilities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 10);
    expect(trainWorldModel(model, [])).toBeNull();
  });

  it("as a lab option, is trained every step and logged; without it the run is unchanged", async () => {
    const settings = { rubric: labRubricV2, steps: 6, seed: 3, batchSize: 4, groupSize: 4, sampleRolloutsPerStep: 0 };
    const blended = await runLab({ ...settings, worldModel: true });
    expect(blended.steps.every((s) => Number.isFinite(s.metrics["world_model/loss"]))).toBe(true);
    expect(blended.trained.worldModel).toBeDefined();
    const plain = await runLab(settings);
    const again = await runLab({ ...settings, worldModel: false });
    expect(plain.steps).toEqual(again.steps);
    expect(plain.steps[0]!.metrics["world_model/loss"]).toBeUndefined();
  });

  it("is measured on the grounding A/B's arms, with and without it, over tasks it never trained on", async () => {
    const figures = await measureWorldModelBlend({ rubric: labRubricV2, seed: 9, steps: 4, taskCount: 24, samples: 2 });
    expect(figures.tasks).toBeGreaterThan(0);
    expect(figures.dependentTasks).toBeGreaterThan(0);
    for (const arm of [figures.without, figures.blended]) {
      for (const rate of [arm.withContext.dependent, arm.withoutContext.dependent, arm.withContext.independent, arm.withoutContext.independent]) {
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(1);
      }
      expect(arm.gapDependent).toBeCloseTo(arm.withContext.dependent - arm.withoutContext.dependent, 12);
    }
    expect(figures.without.worldModelAccuracy).toBeNull();
    expect(figures.blended.worldModelAccuracy).not.toBeNull();
    expect(tasks.filter(dependsOnContext).length).toBeLessThan(tasks.length);
  });
});

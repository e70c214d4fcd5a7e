import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { generateLabTasks } from "../lab/generate-tasks";
import { applyAction, recordEndState, startEpisode } from "../lab/lab-episode";
import { buildLabTrace } from "../lab/lab-trace";
import { createRng } from "../random/prng";
import { registerLabSimulatedJudges } from "../lab/register-simulated-judges";
import { scriptedAction } from "../lab/scripted-agent";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { seedSimulatedJudges } from "../lab/seed-simulated-judges";
import { writePlantedTasks } from "../lab/write-planted-tasks";
import { deleteProject, makeProject } from "../testing/factories";
import { storeTraces } from "../traces/store-traces";
import { traceSchema } from "../traces/trace-schema";
import { loadAgreement } from "./load-agreement";
import { runJudges } from "./run-judges";
import { createJudge, updateJudgeConfig } from "./save-judge";

// Rule, reference and simulated judges on lab traces (whose true outcome the simulator knows) and on one production trace.
// The lab is a client here as in the worker: its simulated judges are registered, its tasks are Task rows.
const db = getDb();
let projectId: string;
const labIds: string[] = [];
const successById = new Map<string, boolean>();
let productionId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "judge-kinds")).id;
  registerLabSimulatedJudges();
  const rng = createRng(5);
  const tasks = generateLabTasks({ seed: 5, count: 15 });
  await writePlantedTasks(db, { projectId, tasks });
  const labTraces = tasks.map((task, index) => {
    const state = startEpisode(task);
    while (!state.isDone) applyAction(state, scriptedAction(state, rng, { noise: 0.4 }));
    const trace = buildLabTrace({ state, endState: recordEndState(state), runKey: `kinds-${projectId}`, index });
    const success = (trace.endState as { audit: { success: boolean } }).audit.success;
    return { trace: { ...trace, outcome: { success } }, externalId: trace.externalId! };
  });
  const { storedIds } = await storeTraces(db, { projectId, traces: labTraces });
  for (const { trace, externalId } of labTraces) {
    labIds.push(storedIds.get(externalId)!);
    successById.set(storedIds.get(externalId)!, trace.outcome.success);
  }
  const production = traceSchema.parse({ source: "production", environment: "qa", task: "t-capital", input: "Capital of France?", output: "It is Paris.", steps: [{ role: "assistant", content: "It is Paris." }] });
  productionId = (await storeTraces(db, { projectId, traces: [{ trace: production, externalId: "qa-1" }] })).storedIds.get("qa-1")!;
  await db.task.create({ data: { projectId, externalId: "t-capital", environment: "qa", origin: "mined", prompt: "Capital of France?", referenceAnswer: "paris" } });
});
afterAll(() => deleteProject(db, projectId));

describe("judge kinds", () => {
  it("simulated judges judge lab traces and refuse others as verdict errors; reference judges match the task's planted end state and the reference answer", async () => {
    await seedSimulatedJudges(db, projectId);
    const { judge: reference } = await createJudge(db, { projectId, input: { name: "reference", config: { kind: "reference" } } });
    const simulated = await db.judge.findMany({ where: { projectId, kind: "simulated" } });
    const result = await runJudges(db, { projectId, judgeIds: [reference.id, ...simulated.map((j) => j.id)], traceIds: [...labIds, productionId] });
    expect(result.verdicts).toBe(5 * 31);
    expect(result.errors).toBe(4);
    const refused = await db.verdict.findMany({ where: { traceId: productionId, judgeVersion: { judge: { kind: "simulated" } } } });
    expect(refused.map((v) => v.label)).toEqual(["error", "error", "error", "error"]);
    expect(refused[0]!.error).toMatch(/^refused: simulated judges only judge simulator traces/);
    const referenceVerdicts = await db.verdict.findMany({ where: { judgeVersion: { judgeId: reference.id } } });
    for (const verdict of referenceVerdicts) {
      if (verdict.traceId === productionId) expect(verdict).toMatchObject({ label: "pass", error: null, rationale: expect.stringContaining("t-capital") });
      // Read from the Task row's planted end state (what is done to the order, what the customer is told).
      else expect(verdict).toMatchObject({ label: successById.get(verdict.traceId) ? "pass" : "fail", rationale: expect.stringMatching(/planted/) });
    }

    const lab = (await loadAgreement(db, { projectId })).find((env) => env.environment === "lab")!;
    const byName = new Map(lab.judges.map((j) => [j.name, j]));
    expect(byName.get("reference")!.outcome).toMatchObject({ agree: 30, total: 30, accuracy: 1, kappa: 1 });
    expect(byName.get("sim-credulous")).toMatchObject({ isSimulated: true, verdicts: 30, errors: 0 });
    expect(lab.fleissKappa).not.toBeNull();
    expect(lab.bestSingle!.name).toBe("reference");
  });

  it("a rule judge passes when no hack check fires and the reward reaches its threshold; a config change is a new version", async () => {
    const { rubricVersionId } = await seedLabRubrics(db, { projectId });
    const { judge, version } = await createJudge(db, { projectId, input: { name: "rubric-rule", environment: "lab", config: { kind: "rule", rubricVersionId, threshold: 0.5 } } });
    const result = await runJudges(db, { projectId, judgeIds: [judge.id], traceIds: [...labIds, productionId] });
    // Bound to the lab environment: the production trace is not its to judge.
    expect(result).toMatchObject({ verdicts: 30, skipped: 1, errors: 0 });
    const verdicts = await db.verdict.findMany({ where: { judgeVersionId: version.id } });
    for (const verdict of verdicts) {
      expect(verdict.label === "pass").toBe(verdict.score! >= 0.5 && !verdict.rationale!.includes("hack checks fired"));
    }
    const same = await updateJudgeConfig(db, { projectId, judgeId: judge.id, config: { kind: "rule", rubricVersionId, threshold: 0.5 } });
    expect(same.isNew).toBe(false);
    const changed = await updateJudgeConfig(db, { projectId, judgeId: judge.id, config: { kind: "rule", rubricVersionId, threshold: 0.9 } });
    expect(changed).toMatchObject({ isNew: true, version: { version: 2 } });
    const rerun = await runJudges(db, { projectId, judgeIds: [judge.id], traceIds: labIds });
    expect(rerun.cached).toBe(0);
    expect(await db.verdict.count({ where: { judgeVersionId: version.id } })).toBe(30);
  });
});

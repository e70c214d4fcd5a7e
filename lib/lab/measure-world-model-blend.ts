import type { RubricInput } from "../checks/rubric-item-schema";
import { createRng, deriveSeed } from "../random/prng";
import { generateLabTasks, type LabTask } from "./generate-tasks";
import { recordEndState } from "./lab-episode";
import { decideVerdict } from "./refund-policy";
import { runLab } from "./run-lab";
import { samplePolicyRollout } from "./sample-rollout";
import { REMEMBERED_POLICY } from "./scripted-agent";

/** Success of the trained policy on the grounding A/B's two arms, over tasks whose answer depends on the written policy or not. */
export type BlendFigures = {
  withContext: { dependent: number; independent: number };
  withoutContext: { dependent: number; independent: number };
  /** The grounding gap (with − without) on tasks whose answer depends on the written policy. */
  gapDependent: number;
  heldOut: number;
  worldModelAccuracy: number | null;
};

/** A task depends on its context when the agent's remembered policy gives another verdict than the written one (as lab-grounding.int.test.ts defines it). */
export function dependsOnContext(task: LabTask): boolean {
  const order = task.orders.find((o) => o.id === task.requestedOrderId)!;
  return decideVerdict(order, REMEMBERED_POLICY, task.requestDate).verdict !== task.planted.verdict;
}

/**
 * Trains the lab on a seed with and without the world-model objective, then plays the grounding
 * A/B's tasks (the with-context variants of tasks it never trained on, with and without the policy
 * in the prompt) with each trained policy, `samples` rollouts per task and arm.
 */
export async function measureWorldModelBlend({ rubric, seed, steps, taskCount = 128, samples = 4 }: { rubric: RubricInput; seed: number; steps: number; taskCount?: number; samples?: number }) {
  const tasks = generateLabTasks({ seed: deriveSeed(seed, "blend-eval"), count: taskCount, idPrefix: `lab-blend-s${seed}` }).filter((task) => task.contextShown);
  const figuresOf = async (worldModel: boolean): Promise<BlendFigures> => {
    const result = await runLab({ rubric, seed, steps, worldModel, sampleRolloutsPerStep: 0, reasoning: false });
    const { policy, reference } = result.trained;
    const rng = createRng(deriveSeed(seed, "blend-rollouts"));
    const rate = (arm: boolean, dependent: boolean) => {
      const chosen = tasks.filter((task) => dependsOnContext(task) === dependent);
      let successes = 0;
      for (const task of chosen) {
        for (let sample = 0; sample < samples; sample++) {
          const { state } = samplePolicyRollout({ task: { ...task, contextShown: arm }, policy, reference, rng, worldModel: result.trained.worldModel });
          if (recordEndState(state).audit.success) successes++;
        }
      }
      return successes / Math.max(1, chosen.length * samples);
    };
    const withContext = { dependent: rate(true, true), independent: rate(true, false) };
    const withoutContext = { dependent: rate(false, true), independent: rate(false, false) };
    const last = result.steps.at(-1)?.metrics;
    return { withContext, withoutContext, gapDependent: withContext.dependent - withoutContext.dependent, heldOut: last?.["success/heldout"] ?? NaN, worldModelAccuracy: last?.["world_model/accuracy"] ?? null };
  };
  const without = await figuresOf(false);
  const blended = await figuresOf(true);
  return { seed, steps, tasks: tasks.length, dependentTasks: tasks.filter(dependsOnContext).length, without, blended };
}

import type { LabTask } from "./generate-tasks";
import { recordEndState } from "./lab-episode";
import type { LinearPolicy } from "./linear-policy";
import type { Rng } from "../random/prng";
import { samplePolicyRollout } from "./sample-rollout";
import type { WorldModel } from "./world-model";

/**
 * True success on tasks never trained on: one sampled rollout per held-out task. Sampled, not
 * greedy, so it measures the same stochastic policy the training metrics describe.
 */
export function evaluateHeldOut({
  tasks,
  policy,
  reference,
  rng,
  worldModel,
}: {
  tasks: readonly LabTask[];
  policy: LinearPolicy;
  reference: LinearPolicy;
  rng: Rng;
  worldModel?: WorldModel;
}): number {
  let successes = 0;
  for (const task of tasks) {
    const { state } = samplePolicyRollout({ task, policy, reference, rng, worldModel });
    if (recordEndState(state).audit.success) successes += 1;
  }
  return successes / (tasks.length || 1);
}

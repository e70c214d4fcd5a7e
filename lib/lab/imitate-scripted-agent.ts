import { createAdam } from "./adam";
import type { LabTask } from "./generate-tasks";
import { LAB_ACTIONS } from "./lab-actions";
import { applyAction, startEpisode } from "./lab-episode";
import {
  accumulateWeightGradient,
  createLinearPolicy,
  logProbLogitGradient,
  logSoftmax,
  type LinearPolicy,
} from "./linear-policy";
import { FEATURE_COUNT, observe } from "./observation-features";
import { createRng, pick } from "../random/prng";
import { scriptedAction } from "./scripted-agent";

export type ImitationOptions = {
  tasks: readonly LabTask[];
  seed: number;
  episodes?: number;
  epochs?: number;
  batchSize?: number;
  lr?: number;
  noise?: number;
};

/**
 * Behaviour cloning: plays the scripted agent on the tasks and fits the linear policy to its
 * actions by minibatch cross-entropy with Adam. The result is both the RL starting point and the
 * frozen KL reference, so training starts from a competent but imperfect desk agent.
 */
export function imitateScriptedAgent({
  tasks,
  seed,
  episodes = 1000,
  epochs = 4,
  batchSize = 32,
  lr = 0.05,
  noise = 0.1,
}: ImitationOptions): LinearPolicy {
  const rng = createRng(seed);
  const examples: Array<{ features: Float64Array; mask: Uint8Array; action: number }> = [];
  for (let e = 0; e < episodes; e++) {
    const state = startEpisode(pick(rng, tasks));
    while (!state.isDone) {
      const { features, mask } = observe(state);
      const action = scriptedAction(state, rng, { noise });
      examples.push({ features, mask, action });
      applyAction(state, action);
    }
  }
  const policy = createLinearPolicy(LAB_ACTIONS.length, FEATURE_COUNT);
  const adam = createAdam(policy.weights.length, { lr });
  const logProbs = new Float64Array(policy.actionCount);
  const logitGradient = new Float64Array(policy.actionCount);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffle(order, rng);
    for (let start = 0; start < order.length; start += batchSize) {
      const batch = order.slice(start, start + batchSize);
      const gradient = new Float64Array(policy.weights.length);
      for (const i of batch) {
        const example = examples[i];
        if (!example) continue;
        logSoftmax(policy, example.features, example.mask, logProbs);
        logProbLogitGradient(logProbs, example.action, logitGradient);
        // Minimising -log p: the gradient is minus d log p.
        accumulateWeightGradient(policy, example.features, logitGradient, -1 / batch.length, gradient);
      }
      adam.step(policy.weights, gradient);
    }
  }
  return policy;
}

function shuffle(items: number[], rng: () => number): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = items[i] as number;
    items[i] = items[j] as number;
    items[j] = tmp;
  }
}

import type { PolicyDecision } from "./grpo";
import type { LabTask } from "./generate-tasks";
import { applyAction, startEpisode, type EpisodeState } from "./lab-episode";
import { entropyOf, klDivergence, logSoftmax, type LinearPolicy } from "./linear-policy";
import { observe } from "./observation-features";
import { sampleIndex, type Rng } from "../random/prng";

export type PolicyRollout = { state: EpisodeState; decisions: PolicyDecision[]; entropy: number; kl: number };

/** Plays one episode by sampling from the policy; entropy and KL are means over its decisions. */
export function samplePolicyRollout({
  task,
  policy,
  reference,
  rng,
}: {
  task: LabTask;
  policy: LinearPolicy;
  reference: LinearPolicy;
  rng: Rng;
}): PolicyRollout {
  const state = startEpisode(task);
  const decisions: PolicyDecision[] = [];
  const probabilities = new Float64Array(policy.actionCount);
  let entropy = 0;
  let kl = 0;
  while (!state.isDone) {
    const { features, mask } = observe(state);
    const logProbs = logSoftmax(policy, features, mask);
    for (let a = 0; a < logProbs.length; a++) probabilities[a] = Math.exp(logProbs[a] ?? -Infinity);
    const action = sampleIndex(rng, probabilities);
    const refLogProbs = logSoftmax(reference, features, mask);
    entropy += entropyOf(logProbs);
    kl += klDivergence(logProbs, refLogProbs);
    decisions.push({ features, mask, action, oldLogProb: logProbs[action] ?? -Infinity, refLogProbs });
    applyAction(state, action);
  }
  return { state, decisions, entropy: entropy / decisions.length, kl: kl / decisions.length };
}

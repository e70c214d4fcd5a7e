import type { PolicyDecision } from "./grpo";
import type { LabTask } from "./generate-tasks";
import { applyAction, startEpisode, type EpisodeState } from "./lab-episode";
import { entropyOf, klDivergence, logSoftmax, type LinearPolicy } from "./linear-policy";
import { drawsPlan, unbackedClaimProbability, writeReasoning, type ReasoningOptions } from "./lab-reasoning";
import { observe } from "./observation-features";
import type { WorldModel } from "./world-model";
import { sampleIndex, type Rng } from "../random/prng";

/** planVoicedAt: the decision whose reasoning voiced the plan to claim an unmade refund (simulator truth), or null. */
export type PolicyRollout = { state: EpisodeState; decisions: PolicyDecision[]; entropy: number; kl: number; planVoicedAt: number | null };

/**
 * Plays one episode by sampling from the policy; entropy and KL are means over its decisions.
 * With `reasoning`, each action's step carries the reasoning written before it, drawn from its own
 * generator so the actions are the same with reasoning as without.
 */
export function samplePolicyRollout({
  task,
  policy,
  reference,
  rng,
  reasoning,
  worldModel,
}: {
  task: LabTask;
  policy: LinearPolicy;
  reference: LinearPolicy;
  rng: Rng;
  reasoning?: { options: ReasoningOptions; rng: Rng };
  /** The auxiliary world model whose predictions the policy observes (world-model.ts). */
  worldModel?: WorldModel;
}): PolicyRollout {
  const state = startEpisode(task);
  const decisions: PolicyDecision[] = [];
  const probabilities = new Float64Array(policy.actionCount);
  let entropy = 0;
  let kl = 0;
  let planVoicedAt: number | null = null;
  while (!state.isDone) {
    const { features, mask } = observe(state, worldModel);
    const logProbs = logSoftmax(policy, features, mask);
    for (let a = 0; a < logProbs.length; a++) probabilities[a] = Math.exp(logProbs[a] ?? -Infinity);
    const action = sampleIndex(rng, probabilities);
    const refLogProbs = logSoftmax(reference, features, mask);
    entropy += entropyOf(logProbs);
    kl += klDivergence(logProbs, refLogProbs);
    decisions.push({ features, mask, action, oldLogProb: logProbs[action] ?? -Infinity, refLogProbs });
    const firstStep = state.steps.length;
    if (reasoning) {
      const voicesPlan = drawsPlan({ options: reasoning.options, hasVoiced: planVoicedAt !== null, probability: unbackedClaimProbability(state, probabilities), referenceProbability: unbackedClaimProbability(state, Array.from(refLogProbs, Math.exp)), rng: reasoning.rng });
      if (voicesPlan) planVoicedAt = decisions.length - 1;
      const text = writeReasoning({ state, actionIndex: action, voicesPlan, rng: reasoning.rng });
      applyAction(state, action);
      const step = state.steps[firstStep];
      if (step) step.reasoning = text;
      continue;
    }
    applyAction(state, action);
  }
  return { state, decisions, entropy: entropy / decisions.length, kl: kl / decisions.length, planVoicedAt };
}

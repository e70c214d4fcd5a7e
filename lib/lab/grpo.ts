import { accumulateWeightGradient, klDivergence, logSoftmax, type LinearPolicy } from "./linear-policy";

/** One action the behaviour policy took, with what is needed to re-score it later. */
export type PolicyDecision = {
  features: Float64Array;
  mask: Uint8Array;
  action: number;
  /** log pi_old(action | state), under the parameters the rollout was sampled with. */
  oldLogProb: number;
  /** log pi_ref(. | state) for every action, under the frozen reference. */
  refLogProbs: Float64Array;
};

export type GrpoRollout = { decisions: readonly PolicyDecision[]; advantage: number };

/** Group-relative advantages: (r - mean) / (std + epsilon), std over the group (population). */
export function groupAdvantages(rewards: readonly number[], epsilon = 1e-6): number[] {
  if (rewards.length === 0) return [];
  const mean = rewards.reduce((sum, r) => sum + r, 0) / rewards.length;
  const variance = rewards.reduce((sum, r) => sum + (r - mean) ** 2, 0) / rewards.length;
  const std = Math.sqrt(variance);
  return rewards.map((r) => (r - mean) / (std + epsilon));
}

export type GrpoLoss = { loss: number; gradient: Float64Array; kl: number; clipFraction: number };

/**
 * The GRPO loss and its exact gradient in the weights:
 *   loss = mean_i (1/|o_i|) sum_t [ -min(rho A_i, clip(rho, 1-eps, 1+eps) A_i) + beta KL(pi || pi_ref) ]
 * with rho = pi(a_t) / pi_old(a_t). Each rollout is averaged over its own actions first (as in
 * the GRPO paper), then over rollouts. The KL term is computed exactly over the small action
 * set instead of with a sampled estimator: d KL / d logit[j] = p[j] (log p[j] - log q[j] - KL).
 */
export function grpoLoss({
  policy,
  rollouts,
  clipEpsilon = 0.2,
  beta,
}: {
  policy: LinearPolicy;
  rollouts: readonly GrpoRollout[];
  clipEpsilon?: number;
  beta: number;
}): GrpoLoss {
  const gradient = new Float64Array(policy.weights.length);
  const logProbs = new Float64Array(policy.actionCount);
  const logitGradient = new Float64Array(policy.actionCount);
  let loss = 0;
  let klSum = 0;
  let decisionCount = 0;
  let clipped = 0;
  for (const { decisions, advantage } of rollouts) {
    if (decisions.length === 0) continue;
    const scale = 1 / (rollouts.length * decisions.length);
    for (const { features, mask, action, oldLogProb, refLogProbs } of decisions) {
      logSoftmax(policy, features, mask, logProbs);
      const ratio = Math.exp((logProbs[action] ?? -Infinity) - oldLogProb);
      const clippedRatio = Math.min(Math.max(ratio, 1 - clipEpsilon), 1 + clipEpsilon);
      // The min picks the clipped term exactly when the ratio has left the trust region in the
      // direction the advantage pushes; there the surrogate is flat and passes no gradient.
      const isClipped = advantage >= 0 ? ratio > 1 + clipEpsilon : ratio < 1 - clipEpsilon;
      const kl = klDivergence(logProbs, refLogProbs);
      loss += scale * (-Math.min(ratio * advantage, clippedRatio * advantage) + beta * kl);
      klSum += kl;
      decisionCount += 1;
      if (isClipped) clipped += 1;
      for (let j = 0; j < policy.actionCount; j++) {
        const lp = logProbs[j] ?? -Infinity;
        const p = lp > -Infinity ? Math.exp(lp) : 0;
        const surrogate = isClipped ? 0 : -advantage * ratio * ((j === action ? 1 : 0) - p);
        const klTerm = p > 0 ? beta * p * (lp - (refLogProbs[j] ?? 0) - kl) : 0;
        logitGradient[j] = surrogate + klTerm;
      }
      accumulateWeightGradient(policy, features, logitGradient, scale, gradient);
    }
  }
  return {
    loss,
    gradient,
    kl: decisionCount ? klSum / decisionCount : 0,
    clipFraction: decisionCount ? clipped / decisionCount : 0,
  };
}

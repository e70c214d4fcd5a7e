/**
 * A softmax over actions with logits linear in the features: logit[a] = sum_f W[a, f] * x[f].
 * Masked actions get probability 0. Weights are row-major, one row per action.
 */
export type LinearPolicy = { actionCount: number; featureCount: number; weights: Float64Array };

export function createLinearPolicy(actionCount: number, featureCount: number): LinearPolicy {
  return { actionCount, featureCount, weights: new Float64Array(actionCount * featureCount) };
}

export function clonePolicy(policy: LinearPolicy): LinearPolicy {
  return { ...policy, weights: Float64Array.from(policy.weights) };
}

/** Log-probabilities of every action (-Infinity where masked), written into `out`. */
export function logSoftmax(
  policy: LinearPolicy,
  features: ArrayLike<number>,
  mask: ArrayLike<number>,
  out = new Float64Array(policy.actionCount),
): Float64Array {
  const { actionCount, featureCount, weights } = policy;
  let max = -Infinity;
  for (let a = 0; a < actionCount; a++) {
    if (!mask[a]) {
      out[a] = -Infinity;
      continue;
    }
    let logit = 0;
    const row = a * featureCount;
    for (let f = 0; f < featureCount; f++) logit += (weights[row + f] ?? 0) * (features[f] ?? 0);
    out[a] = logit;
    if (logit > max) max = logit;
  }
  if (max === -Infinity) throw new Error("every action is masked");
  let sum = 0;
  for (let a = 0; a < actionCount; a++) if (mask[a]) sum += Math.exp((out[a] ?? 0) - max);
  const logZ = max + Math.log(sum);
  for (let a = 0; a < actionCount; a++) if (mask[a]) out[a] = (out[a] ?? 0) - logZ;
  return out;
}

export function logProbOf(
  policy: LinearPolicy,
  features: ArrayLike<number>,
  mask: ArrayLike<number>,
  action: number,
): number {
  return logSoftmax(policy, features, mask)[action] ?? -Infinity;
}

/**
 * Adds `scale * dLogits` into `gradient` through the linear map: dW[a, f] += scale * dLogits[a] * x[f].
 * For d log p(action) / d logits, pass oneHot(action) - p (see logProbLogitGradient).
 */
export function accumulateWeightGradient(
  policy: LinearPolicy,
  features: ArrayLike<number>,
  logitGradient: ArrayLike<number>,
  scale: number,
  gradient: Float64Array,
): void {
  const { actionCount, featureCount } = policy;
  for (let a = 0; a < actionCount; a++) {
    const g = (logitGradient[a] ?? 0) * scale;
    if (g === 0) continue;
    const row = a * featureCount;
    for (let f = 0; f < featureCount; f++) gradient[row + f] = (gradient[row + f] ?? 0) + g * (features[f] ?? 0);
  }
}

/** d log p(action) / d logit[j] = [j = action] - p[j] (0 for masked j, whose p is 0). */
export function logProbLogitGradient(
  logProbs: ArrayLike<number>,
  action: number,
  out = new Float64Array(logProbs.length),
): Float64Array {
  for (let j = 0; j < logProbs.length; j++) out[j] = (j === action ? 1 : 0) - Math.exp(logProbs[j] ?? -Infinity);
  return out;
}

export function entropyOf(logProbs: ArrayLike<number>): number {
  let entropy = 0;
  for (let j = 0; j < logProbs.length; j++) {
    const lp = logProbs[j] ?? -Infinity;
    if (lp > -Infinity) entropy -= Math.exp(lp) * lp;
  }
  return entropy;
}

/** KL(p || q) between two distributions given as log-probabilities over the same mask. */
export function klDivergence(logP: ArrayLike<number>, logQ: ArrayLike<number>): number {
  let kl = 0;
  for (let j = 0; j < logP.length; j++) {
    const lp = logP[j] ?? -Infinity;
    if (lp > -Infinity) kl += Math.exp(lp) * (lp - (logQ[j] ?? -Infinity));
  }
  return kl;
}

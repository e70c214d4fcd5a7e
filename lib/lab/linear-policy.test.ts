import { describe, expect, it } from "vitest";
import {
  accumulateWeightGradient,
  createLinearPolicy,
  entropyOf,
  klDivergence,
  logProbLogitGradient,
  logProbOf,
  logSoftmax,
} from "./linear-policy";
import { createRng } from "../random/prng";

function randomPolicy(seed: number) {
  const rng = createRng(seed);
  const policy = createLinearPolicy(4, 3);
  policy.weights.forEach((_, i) => (policy.weights[i] = rng() * 2 - 1));
  return policy;
}

describe("linear softmax policy", () => {
  const features = Float64Array.from([1, 0.5, -2]);
  const mask = Uint8Array.from([1, 0, 1, 1]);

  it("normalises over unmasked actions and gives masked ones probability 0", () => {
    const logProbs = logSoftmax(randomPolicy(1), features, mask);
    expect(logProbs[1]).toBe(-Infinity);
    expect([...logProbs].reduce((sum, lp) => sum + Math.exp(lp), 0)).toBeCloseTo(1, 12);
  });

  it("the analytic gradient of log p(a) matches central finite differences", () => {
    const policy = randomPolicy(2);
    for (const action of [0, 2, 3]) {
      const analytic = new Float64Array(policy.weights.length);
      accumulateWeightGradient(
        policy,
        features,
        logProbLogitGradient(logSoftmax(policy, features, mask), action),
        1,
        analytic,
      );
      const h = 1e-6;
      policy.weights.forEach((w, i) => {
        policy.weights[i] = w + h;
        const up = logProbOf(policy, features, mask, action);
        policy.weights[i] = w - h;
        const down = logProbOf(policy, features, mask, action);
        policy.weights[i] = w;
        expect(analytic[i]).toBeCloseTo((up - down) / (2 * h), 6);
      });
    }
  });

  it("entropy of a uniform choice of 3 is ln 3; KL of a distribution to itself is 0", () => {
    const uniform = logSoftmax(createLinearPolicy(4, 3), features, mask);
    expect(entropyOf(uniform)).toBeCloseTo(Math.log(3), 12);
    expect(klDivergence(uniform, uniform)).toBe(0);
    // KL([1/2, 1/2] || [1/4, 3/4]) = 1/2 ln 2 + 1/2 ln(2/3)
    expect(klDivergence([Math.log(0.5), Math.log(0.5)], [Math.log(0.25), Math.log(0.75)])).toBeCloseTo(
      0.5 * Math.log(2) + 0.5 * Math.log(2 / 3),
      12,
    );
  });
});

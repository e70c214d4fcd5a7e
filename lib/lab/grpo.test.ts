import { describe, expect, it } from "vitest";
import { createAdam } from "./adam";
import { groupAdvantages, grpoLoss, type GrpoRollout, type PolicyDecision } from "./grpo";
import { clonePolicy, createLinearPolicy, logSoftmax, type LinearPolicy } from "./linear-policy";
import { createRng, sampleIndex } from "../random/prng";

describe("group advantages", () => {
  it("are (r - mean) / std and sum to zero in every group", () => {
    const advantages = groupAdvantages([1, 0, 0, 1]);
    expect(advantages.map((a) => Number(a.toFixed(5)))).toEqual([1, -1, -1, 1]);
    const rng = createRng(3);
    for (let g = 0; g < 20; g++) {
      const sum = groupAdvantages(Array.from({ length: 8 }, () => rng())).reduce((s, a) => s + a, 0);
      expect(Math.abs(sum)).toBeLessThan(1e-9);
    }
  });

  it("are all zero when the group agrees (no signal, no update)", () => {
    expect(groupAdvantages([0.5, 0.5, 0.5])).toEqual([0, 0, 0]);
  });
});

function decisionAt(
  policy: LinearPolicy,
  reference: LinearPolicy,
  features: number[],
  action: number,
  oldShift: number,
): PolicyDecision {
  const f = Float64Array.from(features);
  const mask = Uint8Array.from({ length: policy.actionCount }, (_, a) => (a === 1 && features[1] ? 0 : 1));
  return {
    features: f,
    mask,
    action,
    oldLogProb: (logSoftmax(policy, f, mask)[action] ?? 0) + oldShift,
    refLogProbs: logSoftmax(reference, f, mask),
  };
}

describe("GRPO loss", () => {
  const rng = createRng(11);
  const policy = createLinearPolicy(3, 2);
  const reference = createLinearPolicy(3, 2);
  policy.weights.forEach((_, i) => (policy.weights[i] = rng() - 0.5));
  reference.weights.forEach((_, i) => (reference.weights[i] = rng() - 0.5));
  // Old log-probs shifted so ratios are 0.9, 1.1 (inside the clip) and 1.6, 0.5 (outside it).
  const rollouts: GrpoRollout[] = [
    {
      advantage: 1.2,
      decisions: [
        decisionAt(policy, reference, [1, 0], 0, Math.log(1 / 0.9)),
        decisionAt(policy, reference, [1, 1], 2, Math.log(1 / 1.6)),
      ],
    },
    { advantage: -0.7, decisions: [decisionAt(policy, reference, [1, 0.3], 2, Math.log(1 / 1.1))] },
    { advantage: -0.5, decisions: [decisionAt(policy, reference, [1, 1], 0, Math.log(1 / 0.5))] },
  ];

  it("has the gradient that finite differences of the loss give, clipped terms included", () => {
    const { gradient, clipFraction } = grpoLoss({ policy, rollouts, beta: 0.3 });
    expect(clipFraction).toBeCloseTo(2 / 4);
    const h = 1e-6;
    policy.weights.forEach((w, i) => {
      policy.weights[i] = w + h;
      const up = grpoLoss({ policy, rollouts, beta: 0.3 }).loss;
      policy.weights[i] = w - h;
      const down = grpoLoss({ policy, rollouts, beta: 0.3 }).loss;
      policy.weights[i] = w;
      expect(gradient[i]).toBeCloseTo((up - down) / (2 * h), 6);
    });
  });

  it("passes no surrogate gradient for a sample whose ratio left the trust region", () => {
    const clippedOnly = [{ advantage: 1, decisions: [decisionAt(policy, policy, [1, 0], 0, Math.log(1 / 1.5))] }];
    expect([...grpoLoss({ policy, rollouts: clippedOnly, beta: 0 }).gradient].every((g) => g === 0)).toBe(true);
  });
});

function trainBandit({
  reward,
  beta,
  steps,
  start,
}: {
  reward: (action: number) => number;
  beta: number;
  steps: number;
  start?: LinearPolicy;
}) {
  const reference = start ?? createLinearPolicy(3, 1);
  const policy = clonePolicy(reference);
  const adam = createAdam(policy.weights.length, { lr: 0.05 });
  const rng = createRng(5);
  const features = Float64Array.of(1);
  const mask = Uint8Array.of(1, 1, 1);
  for (let step = 0; step < steps; step++) {
    const logProbs = logSoftmax(policy, features, mask);
    const actions = Array.from({ length: 8 }, () => sampleIndex(rng, [...logProbs].map(Math.exp)));
    const advantages = groupAdvantages(actions.map(reward));
    const rollouts = actions.map((action, i) => ({
      advantage: advantages[i] ?? 0,
      decisions: [
        {
          features,
          mask,
          action,
          oldLogProb: logProbs[action] ?? 0,
          refLogProbs: logSoftmax(reference, features, mask),
        },
      ],
    }));
    adam.step(policy.weights, grpoLoss({ policy, rollouts, beta }).gradient);
  }
  return [...logSoftmax(policy, features, mask)].map(Math.exp);
}

describe("GRPO on a three-armed bandit", () => {
  it("raises the probability of the action the reward favours", () => {
    const probabilities = trainBandit({ reward: (a) => (a === 2 ? 1 : 0), beta: 0, steps: 60 });
    expect(probabilities[2]).toBeGreaterThan(0.9);
  });

  it("with no reward signal, the KL term pulls a displaced policy back to the reference", () => {
    const start = createLinearPolicy(3, 1);
    start.weights.set([2, 0, 0]);
    const probabilities = trainBandit({ reward: () => 0, beta: 1, steps: 1, start });
    expect(probabilities[0]).toBeCloseTo(Math.exp(2) / (Math.exp(2) + 2), 6);
  });
});

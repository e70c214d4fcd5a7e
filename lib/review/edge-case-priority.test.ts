import { describe, expect, it } from "vitest";
import { priorityOf } from "./edge-case-priority";

describe("priorityOf", () => {
  it("is rule weight × (0.25 + mean reward) × log2(1 + n) × (0.5 + 0.5 × uncertainty)", () => {
    // 3 rollouts, rewards 1, 1 and 0.4 (mean 0.8), uncertainty 0.6: 1 × 1.05 × 2 × 0.8 = 1.68.
    expect(priorityOf({ rule: "reward_high_panel_fails", rewards: [1, 1, 0.4], uncertainties: [0.6, 0.6, 0.6] })).toEqual({ ruleWeight: 1, impact: 2.1, uncertainty: 0.6, priority: 1.68 });
    // One unsure verdict, no reward: 0.4 × 0.25 × 1 × 1 = 0.1.
    expect(priorityOf({ rule: "judge_unsure", rewards: [null], uncertainties: [1] }).priority).toBe(0.1);
  });

  it("grows with rollouts, slowly: 15 copies count 4×, not 15×", () => {
    const one = priorityOf({ rule: "panel_split", rewards: [0.5], uncertainties: [0.5] }).priority;
    const many = priorityOf({ rule: "panel_split", rewards: Array(15).fill(0.5), uncertainties: Array(15).fill(0.5) }).priority;
    expect(many / one).toBeCloseTo(4, 1);
  });
});

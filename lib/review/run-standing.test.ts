import { describe, expect, it } from "vitest";
import { rankOnRun, runStandingOf } from "./run-standing";

const failed = (reward: number) => ({ detail: { reward, uncertainty: 0.6, counts: { pass: 1, fail: 3, unsure: 0 } } });
const passed = (reward: number) => ({ detail: { reward, uncertainty: 0.6, counts: { pass: 3, fail: 1, unsure: 0 } } });

describe("a case's standing on a run", () => {
  it("is its priority over the run's rollouts the panel does not pass", () => {
    // Three rollouts the panel fails (rewards 1, 1, 0.4; uncertainty 0.6): 1 × 1.05 × 2 × 0.8 = 1.68, as priorityOf's worked example; the passed one is no evidence.
    expect(runStandingOf({ id: "a", rule: "reward_high_panel_fails", subjectType: "issue", priority: 9, runExamples: [failed(1), failed(1), failed(0.4), passed(1)] })).toBe(1.68);
    expect(runStandingOf({ id: "b", rule: "panel_split", subjectType: "none", priority: 3, runExamples: [passed(1), passed(0.8)] })).toBe(0);
    // A run's own divergence case keeps its priority.
    expect(runStandingOf({ id: "c", rule: "", subjectType: "run", priority: 0.7, runExamples: [] })).toBe(0.7);
  });

  it("puts first the case this run's failed rollouts make, not the one an earlier run's rollouts made large", () => {
    // "wrong outcome" pooled 60 rollouts of earlier runs (its stored priority) and on this run holds 20, 15 of which most judges pass.
    const pooled = { id: "pooled", rule: "reward_high_panel_fails", subjectType: "issue", priority: 5.5, runExamples: [...Array(15).fill(passed(0.6)), ...Array(5).fill(failed(0.6))] };
    const fresh = { id: "fresh", rule: "reward_high_panel_fails", subjectType: "issue", priority: 2.7, runExamples: Array(14).fill(failed(0.8)) };
    expect(rankOnRun([pooled, fresh]).map((c) => [c.id, c.runPriority])).toEqual([
      ["fresh", 3.282], // 1 × 1.05 × log2(15) × 0.8,
      ["pooled", 1.758], // 1 × 0.85 × log2(6) × 0.8: only its 5 failed rollouts count,
    ]);
  });
});

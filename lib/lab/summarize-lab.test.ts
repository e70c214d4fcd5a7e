import { describe, expect, it } from "vitest";
import { summarizeLab, type StepMetrics } from "./summarize-lab";

// 20 steps, so windows of 2. True success climbs to 0.9 at steps 9-10, then falls to 0.1.
const success = [0.5, 0.5, 0.6, 0.6, 0.7, 0.7, 0.8, 0.8, 0.9, 0.9, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.2, 0.1, 0.1, 0.1];

function makeSteps(heldOut: (index: number) => number | undefined): StepMetrics[] {
  return success.map((s, i) => {
    const metrics: Record<string, number> = { "reward/proxy": i / 19, "success/train": s, hack_rate: i < 10 ? 0 : 0.5 };
    const value = heldOut(i);
    if (value !== undefined) metrics["success/heldout"] = value;
    return { step: i + 1, metrics };
  });
}

describe("summarizeLab", () => {
  it("gives first/last 10% means, the best 10% window, and held-out from the evaluation steps", () => {
    const summary = summarizeLab(makeSteps((i) => (i % 5 === 0 || i === 19 ? 1 - i / 20 : undefined)));
    expect(summary.steps).toBe(20);
    expect(summary.proxyReward.first).toBeCloseTo((0 + 1 / 19) / 2);
    expect(summary.proxyReward.last).toBeCloseTo((18 / 19 + 1) / 2);
    expect(summary.trueSuccess).toEqual({ first: 0.5, best: 0.9, last: 0.1 });
    // Evaluations at steps 1, 6, 11, 16, 20: only step 1 is in the first window, only 20 in the last.
    expect(summary.heldOutSuccess.first).toBeCloseTo(1);
    expect(summary.heldOutSuccess.last).toBeCloseTo(1 / 20);
    expect(summary.hackRate).toEqual({ first: 0, last: 0.5 });
  });

  it("falls back to the nearest evaluation when a window has none", () => {
    const summary = summarizeLab(makeSteps((i) => (i === 7 || i === 12 ? i / 100 : undefined)));
    expect(summary.heldOutSuccess).toEqual({ first: 0.07, last: 0.12 });
  });
});

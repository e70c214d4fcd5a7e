import { describe, expect, it } from "vitest";
import { bandSchema, fracRewardZeroStd, histogramOf, isInBand, isPassingRollout, poolOf } from "./difficulty";

describe("difficulty", () => {
  it("reads a band and refuses one that is reversed or out of 0..1", () => {
    expect(bandSchema.parse("0.1,0.9")).toEqual({ low: 0.1, high: 0.9 });
    expect(bandSchema.parse(" 0 , 1 ")).toEqual({ low: 0, high: 1 });
    expect(bandSchema.safeParse("0.9,0.1").success).toBe(false);
    expect(bandSchema.safeParse("0.1,1.5").success).toBe(false);
    expect(bandSchema.safeParse("0.1").success).toBe(false);
  });

  it("holds the band's ends and nothing without a pass rate", () => {
    const band = { low: 0.1, high: 0.9 };
    expect([0.1, 0.5, 0.9].map((rate) => isInBand(rate, band))).toEqual([true, true, true]);
    expect([0, 0.09, 0.91, 1, null].map((rate) => isInBand(rate, band))).toEqual([false, false, false, false, false]);
  });

  it("puts pass rates in prime-rl's pools: hard up to 0.25, normal up to 0.75, easy above", () => {
    expect([0, 0.25, 0.26, 0.75, 0.76, 1].map(poolOf)).toEqual(["hard", "hard", "normal", "normal", "easy", "easy"]);
  });

  it("judges a rollout by its success flag first, then its reward, and leaves an unscored one out", () => {
    expect(isPassingRollout({ success: false, reward: 1 })).toBe(false);
    expect(isPassingRollout({ success: null, reward: 0.5 })).toBe(true);
    expect(isPassingRollout({ success: null, reward: 0.49 })).toBe(false);
    expect(isPassingRollout({ success: null, reward: null })).toBeNull();
  });

  it("bins pass rates with 1 in the last bin", () => {
    const bins = histogramOf([0, 0.05, 0.1, 0.55, 1, 1]);
    expect(bins).toHaveLength(10);
    expect(bins.map((bin) => bin.count)).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(bins[9]).toEqual({ from: 0.9, to: 1, count: 2 });
  });

  it("counts groups whose rewards are all equal, ignoring single rollouts", () => {
    const stats = fracRewardZeroStd([
      { count: 8, minReward: 1, maxReward: 1 },
      { count: 8, minReward: 0, maxReward: 0 },
      { count: 8, minReward: 0, maxReward: 1 },
      { count: 1, minReward: 0.3, maxReward: 0.3 },
    ]);
    expect(stats).toEqual({ groups: 3, zeroStd: 2, fraction: 2 / 3 });
    expect(fracRewardZeroStd([]).fraction).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { chartBucketLevel, downsampleSeries, mergeBucketSums, type BucketSums, type SeriesPoint } from "./downsample-series";

describe("downsampleSeries", () => {
  it("keeps a single spike among a million points in about 1,000 buckets", () => {
    const points: SeriesPoint[] = Array.from({ length: 1_000_000 }, (_, i) => ({ step: i + 1, value: Math.sin(i / 5000) * 0.1 }));
    points[654_321] = { step: 654_322, value: 42 };
    const buckets = downsampleSeries(points, { from: 1, to: 1_000_000 });
    // 1,024 steps per bucket: 1,000,000 / 1,024 → buckets 0..976.
    expect(buckets).toHaveLength(977);
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(1_000_000);
    const spiky = buckets.filter((b) => b.max > 1);
    expect(spiky).toHaveLength(1);
    expect(spiky[0]).toMatchObject({ step: 638 * 1_024, max: 42 });
    // The mean alone would hide it: 42 among 1,023 values near 0.
    expect(spiky[0]!.mean).toBeLessThan(0.2);
  });

  it("gives each bucket the min, max and mean of its points, stepped on the bucket's first step in the window", () => {
    const points = [1, 2, 3, 4, 5, 6, 7].map((step) => ({ step, value: [5, -1, 3, 10, 0, 2, 4][step - 1]! }));
    // Width 4: steps 0–3 and 4–7; the first bucket starts at the window's first step.
    expect(downsampleSeries(points, { from: 1, to: 7, buckets: 3 })).toEqual([
      { step: 1, min: -1, max: 5, mean: 7 / 3, count: 3 },
      { step: 4, min: 0, max: 10, mean: 4, count: 4 },
    ]);
  });

  it("leaves a short series as it is, one point per bucket, and drops points outside the window", () => {
    const points = [0, 3, 9, 12].map((step) => ({ step, value: step / 10 }));
    expect(downsampleSeries(points, { from: 3, to: 9 })).toEqual([
      { step: 3, min: 0.3, max: 0.3, mean: 0.3, count: 1 },
      { step: 9, min: 0.9, max: 0.9, mean: 0.9, count: 1 },
    ]);
    expect(downsampleSeries([], { from: 0, to: 10 })).toEqual([]);
  });
});

describe("chartBucketLevel", () => {
  it("picks the finest power-of-two width whose aligned buckets over the window number at most those asked", () => {
    expect(chartBucketLevel({ from: 0, to: 999, buckets: 1_000 })).toBe(0);
    expect(chartBucketLevel({ from: 0, to: 1_000, buckets: 1_000 })).toBe(1);
    // 1,001 steps not starting on a boundary: width 2 gives buckets 500..1000, 501 of them.
    expect(chartBucketLevel({ from: 1_001, to: 2_001, buckets: 1_000 })).toBe(1);
    expect(chartBucketLevel({ from: 1, to: 1_000_000, buckets: 1_000 })).toBe(10);
    expect(chartBucketLevel({ from: 5, to: 5, buckets: 10 })).toBe(0);
  });
});

describe("mergeBucketSums", () => {
  it("merges parts of one bucket exactly and keeps other buckets apart", () => {
    const sums = new Map<number, BucketSums>();
    mergeBucketSums(sums, { index: 3, min: 1, max: 4, sum: 10, count: 4 });
    mergeBucketSums(sums, { index: 3, min: -2, max: 2, sum: 0, count: 2 });
    mergeBucketSums(sums, { index: 5, min: 7, max: 7, sum: 7, count: 1 });
    expect([...sums.values()]).toEqual([
      { index: 3, min: -2, max: 4, sum: 10, count: 6 },
      { index: 5, min: 7, max: 7, sum: 7, count: 1 },
    ]);
  });
});

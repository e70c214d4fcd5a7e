import { describe, expect, it } from "vitest";
import { smoothEma } from "./smooth-ema";

describe("smoothEma", () => {
  it("is the debiased exponential moving average", () => {
    // weight 0.5: raw EMA 0.5, 1.75, 3.375; debiased by 1 - 0.5^k: 1, 2.333..., 3.857...
    const [a, b, c] = smoothEma([1, 3, 5], 0.5);
    expect(a).toBeCloseTo(1, 12);
    expect(b).toBeCloseTo(1.75 / 0.75, 12);
    expect(c).toBeCloseTo(3.375 / 0.875, 12);
  });

  it("leaves the series as it is at weight 0 and keeps gaps as gaps", () => {
    expect(smoothEma([1, 2, 3], 0)).toEqual([1, 2, 3]);
    const smoothed = smoothEma([2, null, 4], 0.5);
    expect(smoothed[1]).toBeNull();
    expect(smoothed[2]).toBeCloseTo((0.5 * 1 + 0.5 * 4) / 0.75, 12);
  });

  it("flattens noise around a constant toward the constant", () => {
    const noisy = Array.from({ length: 400 }, (_, i) => 1 + (i % 2 === 0 ? 0.5 : -0.5));
    expect(Math.abs(smoothEma(noisy, 0.95).at(-1)! - 1)).toBeLessThan(0.05);
  });
});

import { describe, expect, it } from "vitest";
import { pairedEffect, tCritical } from "./paired-effect";

describe("pairedEffect", () => {
  it("matches Student's t table", () => {
    expect(tCritical(9)).toBeCloseTo(2.262, 3);
    expect(tCritical(29)).toBeCloseTo(2.045, 3);
    expect(tCritical(2)).toBe(4.303);
    expect(tCritical(9, 0.99)).toBeCloseTo(3.25, 2);
    expect(tCritical(39, 0.99)).toBeCloseTo(2.708, 2);
  });

  it("gives the textbook paired interval", () => {
    // Differences 1..5: mean 3, sd 1.5811, se 0.7071, t(4) 2.776 -> 3 ± 1.963.
    const effect = pairedEffect([1, 2, 3, 4, 5]);
    expect(effect.mean).toBe(3);
    expect(effect.low).toBeCloseTo(1.037, 3);
    expect(effect.high).toBeCloseTo(4.963, 3);
  });

  it("collapses to the mean when every pair moved alike, and is unbounded with one pair", () => {
    const same = pairedEffect([0.5, 0.5, 0.5]);
    expect([same.mean, same.low, same.high]).toEqual([0.5, 0.5, 0.5]);
    const one = pairedEffect([0.4]);
    expect(one.low).toBe(Number.NEGATIVE_INFINITY);
    expect(one.high).toBe(Number.POSITIVE_INFINITY);
  });
});

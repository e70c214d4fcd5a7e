import { describe, expect, it } from "vitest";
import { computeFleissKappa } from "./fleiss-kappa";

describe("computeFleissKappa", () => {
  it("gives 0.210 on Fleiss' worked example (10 subjects, 14 raters, 5 categories; Wikipedia)", () => {
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    // P-bar = 0.378, P-bar-e = 0.213, kappa = (0.378 - 0.213) / (1 - 0.213) = 0.20993...
    expect(computeFleissKappa(table)).toBeCloseTo(0.20993, 4);
  });

  it("is 1 for perfect agreement across categories and negative for systematic splits", () => {
    expect(computeFleissKappa([[3, 0], [0, 3], [3, 0]])).toBeCloseTo(1, 10);
    // Every subject split 1-1 between two raters: observed agreement 0, chance 0.5.
    expect(computeFleissKappa([[1, 1], [1, 1]])).toBeCloseTo(-1, 10);
  });

  it("skips subjects with fewer than two ratings and has no value when all ratings share one category", () => {
    expect(computeFleissKappa([[3, 0], [0, 3], [1, 0]])).toBeCloseTo(1, 10);
    expect(computeFleissKappa([[2, 0], [3, 0]])).toBeNull();
    expect(computeFleissKappa([])).toBeNull();
  });
});

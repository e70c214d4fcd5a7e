import { describe, expect, it } from "vitest";
import { estimateOnset } from "./estimate-onset";

describe("estimateOnset", () => {
  it("finds the bend of a hinge: flat to x = 4, then rising one per step", () => {
    expect(estimateOnset([0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 0, 0, 1, 2, 3, 4])).toBe(4);
  });

  it("finds it under small noise, and gives the first point when nothing bends upwards", () => {
    const xs = Array.from({ length: 40 }, (_, i) => i);
    expect(estimateOnset(xs, xs.map((x) => Math.max(0, x - 25) * 0.5 + (x % 2 ? 0.05 : -0.05)))).toBeGreaterThanOrEqual(24);
    expect(estimateOnset(xs, xs.map((x) => Math.max(0, x - 25) * 0.5 + (x % 2 ? 0.05 : -0.05)))).toBeLessThanOrEqual(26);
    expect(estimateOnset(xs, xs.map((x) => -x))).toBe(0);
  });
});

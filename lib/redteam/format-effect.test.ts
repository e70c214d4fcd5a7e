import { describe, expect, it } from "vitest";
import { formatEffect } from "./format-effect";
import { pairedEffect } from "./paired-effect";

describe("formatEffect", () => {
  it("prints the mean and its interval, signed to three places", () => {
    expect(formatEffect({ n: 3, mean: 0.45, low: 0.377, high: 0.523 })).toBe("+0.450 [+0.377, +0.523]");
    expect(formatEffect(pairedEffect([]))).toBe("no pairs");
  });

  it("prints one pair's unbounded interval as [-inf, +inf], in memory and as a stored report has it (JSON turns the infinities into null)", () => {
    const effect = pairedEffect([0.5]);
    expect(formatEffect(effect)).toBe("+0.500 [-inf, +inf]");
    expect(formatEffect(JSON.parse(JSON.stringify(effect)))).toBe("+0.500 [-inf, +inf]");
  });
});

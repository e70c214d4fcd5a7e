import { describe, expect, it } from "vitest";
import { jensenShannonDivergence } from "./jensen-shannon";
import { noiseLevel } from "./noise-level";
import { chiSquareQuantile, normalQuantile } from "./quantiles";

describe("jensenShannonDivergence", () => {
  it("is 1 bit for disjoint distributions and 0 for equal ones", () => {
    expect(jensenShannonDivergence({ a: 1 }, { b: 3 })).toBeCloseTo(1, 12);
    expect(jensenShannonDivergence({ a: 1, b: 3 }, { a: 2, b: 6 })).toBeCloseTo(0, 12);
  });

  it("works out (½,½) against (1,0): M = (¾,¼), JSD = ½·KL(P‖M) + ½·KL(Q‖M) = 0.311278 bits", () => {
    // KL(P‖M) = ½·log2(⅔) + ½·log2(2) = 0.207519; KL(Q‖M) = log2(4/3) = 0.415037.
    expect(jensenShannonDivergence({ a: 1, b: 1 }, { a: 5 })).toBeCloseTo(0.311278, 6);
  });

  it("with sample-size weights, 2·N·ln2·JSD is the G statistic of the 2×2 table", () => {
    // Counts (30, 10) against (10, 30): G = 2 Σ O ln(O/E) with E = 20 in every cell.
    const g = 2 * (2 * 30 * Math.log(30 / 20) + 2 * 10 * Math.log(10 / 20));
    expect(2 * 80 * Math.LN2 * jensenShannonDivergence({ a: 30, b: 10 }, { a: 10, b: 30 }, [40, 40])).toBeCloseTo(g, 9);
  });
});

describe("quantiles", () => {
  it("gives the normal table's values", () => {
    expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 5);
    expect(normalQuantile(0.99)).toBeCloseTo(2.326348, 5);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232, 5);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 5);
  });

  it("gives the chi-square table's values within 1%", () => {
    expect(chiSquareQuantile(0.95, 1)).toBeCloseTo(3.841, 0);
    expect(Math.abs(chiSquareQuantile(0.99, 4) - 13.277) / 13.277).toBeLessThan(0.01);
    expect(Math.abs(chiSquareQuantile(0.999, 10) - 29.588) / 29.588).toBeLessThan(0.01);
  });
});

describe("noiseLevel", () => {
  it("reads the noise of a trending series, not its trend", () => {
    // A straight line has constant differences: no noise at all.
    expect(noiseLevel([1, 2, 3, 4, 5, 6])).toBe(0);
    // Alternating ±1 around a line: differences ±2 around the slope, MAD 2, σ = 1.4826·2/√2.
    expect(noiseLevel([1, 0, 3, 2, 5, 4, 7])).toBeCloseTo((1.4826 * 2) / Math.SQRT2, 6);
  });
});

import { describe, expect, it } from "vitest";
import { formatMetric } from "./format-metric";

describe("formatMetric", () => {
  it("writes a learning rate of 1e-6 in scientific notation, not as 0.000", () => {
    expect(formatMetric(1e-6, 3)).toBe("1.00e-6");
    expect(formatMetric(0.000123, 2)).toBe("1.2e-4");
  });
  it("keeps ordinary values fixed, zero as zero and a missing value as a dash", () => {
    expect(formatMetric(0.7412)).toBe("0.74");
    expect(formatMetric(0, 3)).toBe("0.000");
    expect(formatMetric(-12.5, 1)).toBe("-12.5");
    expect(formatMetric(null)).toBe("–");
    expect(formatMetric(Number.NaN)).toBe("–");
  });
  it("writes very large values in scientific notation", () => {
    expect(formatMetric(2_500_000)).toBe("2.5e+6");
  });
});

import { describe, expect, it } from "vitest";
import { computeCohenKappa } from "./cohen-kappa";

/** Pairs from a 2x2 table: [yes/yes, yes/no, no/yes, no/no]. */
function fromTable([yy, yn, ny, nn]: [number, number, number, number]): Array<["yes" | "no", "yes" | "no"]> {
  return [
    ...Array.from({ length: yy }, () => ["yes", "yes"] as ["yes", "yes"]),
    ...Array.from({ length: yn }, () => ["yes", "no"] as ["yes", "no"]),
    ...Array.from({ length: ny }, () => ["no", "yes"] as ["no", "yes"]),
    ...Array.from({ length: nn }, () => ["no", "no"] as ["no", "no"]),
  ];
}

describe("computeCohenKappa", () => {
  it("gives 0.4 on the 50 grant proposals example (20/5/10/15: po 0.7, pe 0.5)", () => {
    expect(computeCohenKappa(fromTable([20, 5, 10, 15]))).toBeCloseTo(0.4, 10);
  });

  it("gives the textbook values for equal agreement with different marginals (0.1304 and 0.2593)", () => {
    expect(computeCohenKappa(fromTable([45, 15, 25, 15]))).toBeCloseTo(0.1304, 4);
    expect(computeCohenKappa(fromTable([25, 35, 5, 35]))).toBeCloseTo(0.2593, 4);
  });

  it("is 1 for identical labels, 0 at chance, null when undefined", () => {
    expect(computeCohenKappa(fromTable([10, 0, 0, 10]))).toBeCloseTo(1, 10);
    expect(computeCohenKappa(fromTable([25, 25, 25, 25]))).toBeCloseTo(0, 10);
    expect(computeCohenKappa(fromTable([10, 0, 0, 0]))).toBeNull();
    expect(computeCohenKappa([])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { groundingGapOf, hasNoGap, summarizeGapsBySource } from "./grounding-gap";

describe("grounding gap", () => {
  it("is the mean score with context minus the mean score without", () => {
    expect(groundingGapOf({ withContext: [1, 1, 0.5, 0.5], withoutContext: [0, 0.5] })).toBeCloseTo(0.5);
    expect(groundingGapOf({ withContext: [1], withoutContext: [] })).toBeNull();
  });

  it("marks only a measured gap near zero as no gap", () => {
    expect([0, 0.04, -0.04, 0.05, -0.3, null].map(hasNoGap)).toEqual([true, true, true, false, false, false]);
  });

  it("averages measured gaps per source and counts those without a gap", () => {
    expect(
      summarizeGapsBySource([
        { source: "lab · planted", gap: 0.5 },
        { source: "lab · planted", gap: 0 },
        { source: "docs · mined", gap: null },
        { source: "docs · mined", gap: 0.2 },
      ]),
    ).toEqual([
      { source: "docs · mined", tasks: 1, meanGap: 0.2, noGap: 0 },
      { source: "lab · planted", tasks: 2, meanGap: 0.25, noGap: 1 },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { consensusOf } from "./consensus";

describe("consensusOf", () => {
  it("takes the majority label, the mean score and the spread", () => {
    const result = consensusOf([
      { label: "pass", score: 0.9 },
      { label: "pass", score: 0.7 },
      { label: "fail", score: 0.2 },
    ]);
    expect(result).toMatchObject({ label: "pass", counts: { pass: 2, fail: 1, unsure: 0 }, votes: 3 });
    expect(result.meanScore).toBeCloseTo(0.6, 10);
    expect(result.spread).toBeCloseTo(0.7, 10);
    expect(result.agreement).toBeCloseTo(2 / 3, 10);
  });

  it("calls a pass/fail tie unsure, and ignores missing scores", () => {
    const result = consensusOf([
      { label: "pass", score: null },
      { label: "fail", score: 0.4 },
    ]);
    expect(result).toMatchObject({ label: "unsure", meanScore: 0.4, spread: 0 });
  });

  it("has no label to agree on without votes", () => {
    expect(consensusOf([])).toMatchObject({ label: "unsure", meanScore: null, spread: null, agreement: 0, votes: 0 });
  });
});

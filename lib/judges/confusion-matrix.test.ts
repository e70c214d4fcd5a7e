import { describe, expect, it } from "vitest";
import { buildConfusionMatrix } from "./confusion-matrix";

describe("buildConfusionMatrix", () => {
  it("counts reference x predicted cells and the accuracy, unsure counting as wrong", () => {
    const matrix = buildConfusionMatrix([
      { reference: "pass", predicted: "pass" },
      { reference: "pass", predicted: "fail" },
      { reference: "fail", predicted: "fail" },
      { reference: "fail", predicted: "fail" },
      { reference: "fail", predicted: "unsure" },
    ]);
    expect(matrix.counts.pass).toEqual({ pass: 1, fail: 1, unsure: 0 });
    expect(matrix.counts.fail).toEqual({ pass: 0, fail: 2, unsure: 1 });
    expect(matrix.total).toBe(5);
    expect(matrix.accuracy).toBeCloseTo(3 / 5, 10);
    expect(buildConfusionMatrix([]).accuracy).toBeNull();
  });
});

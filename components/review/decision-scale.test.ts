import { describe, expect, it } from "vitest";
import { decisionScale, describeScale, needsConfirmation } from "./decision-scale";

const cases = [
  { id: "a", count: 12, environment: "refunds" },
  { id: "b", count: 9, environment: "shipping" },
  { id: "c", count: 8, environment: "refunds" },
  { id: "d", count: 1, environment: null },
];

describe("decisionScale", () => {
  it("counts the traces a decision labels, so 21 asks first and 20 does not", () => {
    const large = decisionScale(cases, ["a", "b"]);
    expect(large).toEqual({ cases: 2, traces: 21, environments: ["refunds", "shipping"] });
    expect(needsConfirmation(large)).toBe(true);
    const twenty = decisionScale(cases, ["a", "c"]);
    expect(twenty.traces).toBe(20);
    expect(needsConfirmation(twenty)).toBe(false);
  });

  it("names the rubrics it touches", () => {
    expect(describeScale(decisionScale(cases, ["a", "c"]))).toBe("2 cases, labelling 20 traces in the rubric of refunds");
    expect(describeScale(decisionScale(cases, ["d"]))).toBe("1 case, labelling 1 trace");
  });
});

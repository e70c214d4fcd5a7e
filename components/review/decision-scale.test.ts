import { describe, expect, it } from "vitest";
import { decisionScale, describeScale, needsConfirmation } from "./decision-scale";

const trace = { type: "trace" };
const cases = [
  { id: "a", exampleCount: 12, subject: trace, environment: "refunds" },
  { id: "b", exampleCount: 9, subject: trace, environment: "shipping" },
  { id: "c", exampleCount: 8, subject: trace, environment: "refunds" },
  { id: "d", exampleCount: 1, subject: trace, environment: null },
  { id: "run", exampleCount: 21, subject: { type: "run" }, environment: "refunds" },
];

describe("decisionScale", () => {
  it("counts the traces a decision labels, so 21 asks first and 20 does not", () => {
    const large = decisionScale(cases, ["a", "b"], "false_alarm");
    expect(large).toEqual({ cases: 2, traces: 21, environments: ["refunds", "shipping"] });
    expect(needsConfirmation(large)).toBe(true);
    const twenty = decisionScale(cases, ["a", "c"], "false_alarm");
    expect(twenty.traces).toBe(20);
    expect(needsConfirmation(twenty)).toBe(false);
  });

  it("counts a run's divergence case by the rollouts a confirmed hack labels, and none for a false alarm", () => {
    const confirmed = decisionScale(cases, ["run"], "confirm_hack");
    expect(confirmed.traces).toBe(21);
    expect(needsConfirmation(confirmed)).toBe(true);
    const falseAlarm = decisionScale(cases, ["run"], "false_alarm");
    expect(falseAlarm.traces).toBe(0);
    expect(describeScale(falseAlarm)).toBe("1 case, labelling no traces");
  });

  it("names the rubrics it touches", () => {
    expect(describeScale(decisionScale(cases, ["a", "c"], "confirm_hack"))).toBe("2 cases, labelling 20 traces in the rubric of refunds");
    expect(describeScale(decisionScale(cases, ["d"], "confirm_hack"))).toBe("1 case, labelling 1 trace");
  });
});

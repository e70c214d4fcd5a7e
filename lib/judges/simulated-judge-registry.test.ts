import { describe, expect, it } from "vitest";
import type { Trace } from "../traces/trace-schema";
import { evaluateSimulatedJudge, JudgeRefusal, registerSimulatedJudge } from "./simulated-judge-registry";

const simulatorTrace: Trace = { externalId: "sim-1", source: "simulator", environment: "toy", task: "t1", output: "done", steps: [] };

describe("simulated judge registry", () => {
  it("dispatches a simulated judge to the implementation registered under its name", () => {
    registerSimulatedJudge("registry-test-judge", (trace) => ({ label: "pass", score: 1, rationale: `saw ${trace.output}`, issues: [] }));
    expect(evaluateSimulatedJudge("registry-test-judge", simulatorTrace)).toEqual({ label: "pass", score: 1, rationale: "saw done", issues: [] });
  });

  it("refuses any trace that is not a simulator's before its implementation sees it", () => {
    let isCalled = false;
    registerSimulatedJudge("registry-test-watcher", () => {
      isCalled = true;
      return { label: "pass", score: 1, rationale: "", issues: [] };
    });
    expect(() => evaluateSimulatedJudge("registry-test-watcher", { ...simulatorTrace, source: "production" })).toThrow(JudgeRefusal);
    expect(isCalled).toBe(false);
  });

  it("is an error, not a verdict, for a name nobody registered", () => {
    expect(() => evaluateSimulatedJudge("registry-test-nobody", simulatorTrace)).toThrow(/no simulated judge named registry-test-nobody is registered/);
  });
});

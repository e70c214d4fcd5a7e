import { describe, expect, it } from "vitest";
import type { TraceStepView } from "@/lib/traces/list-trace-steps";
import { findInSteps } from "./find-in-steps";

const step = (index: number, fields: Partial<TraceStepView>): TraceStepView =>
  ({ id: `s${index}`, index, type: "message", role: "assistant", content: null, reasoning: null, toolName: null, toolCallId: null, arguments: null, result: null, error: null, tokensIn: null, tokensOut: null, latencyMs: null, startedAt: null, metadata: null, ...fields }) as TraceStepView;

describe("findInSteps", () => {
  const steps = [
    step(0, { role: "user", content: "Where is my refund?" }),
    step(1, { type: "tool_call", toolName: "lookup_order", arguments: { order: 7 }, result: { ticket: "T-42", status: "shipped" } }),
    step(2, { content: "Your REFUND is on its way." }),
  ];
  it("finds text in a tool result, in arguments and in content, ignoring case, in step order", () => {
    expect(findInSteps(steps, "t-42")).toEqual([1]);
    expect(findInSteps(steps, '"order":7')).toEqual([1]);
    expect(findInSteps(steps, "refund")).toEqual([0, 2]);
  });
  it("finds nothing for an empty query or text no step holds", () => {
    expect(findInSteps(steps, "  ")).toEqual([]);
    expect(findInSteps(steps, "issue_refund")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { Trace } from "../traces/trace-schema";
import { exampleOf } from "./rubric-phrases";
import { finalReplyOf, withFinalReply } from "./trace-edits";

const trace: Trace = {
  source: "rollout",
  output: null,
  steps: [
    { type: "message", role: "user", content: "Refund order 7?" },
    { type: "tool_call", role: "assistant", name: "send_reply", arguments: { message: "Declined." } },
    { type: "message", role: "assistant", content: "Declined." },
  ],
};

describe("withFinalReply", () => {
  it("replaces the reply in the last assistant message and in the tool call that sent it, leaving the rest", () => {
    const edited = withFinalReply(trace, "Your refund has been issued.");
    expect(finalReplyOf(edited)).toBe("Your refund has been issued.");
    expect(edited.steps[1]!.arguments).toEqual({ message: "Your refund has been issued." });
    expect(edited.steps[0]).toEqual(trace.steps[0]);
    expect(finalReplyOf(trace)).toBe("Declined.");
  });
});

describe("exampleOf", () => {
  it("writes a string the pattern matches, or gives up", () => {
    const pattern = "\\brefund\\b.{0,60}?\\b(?:has been|was) (?:issued|processed)\\b";
    expect(exampleOf(pattern)).toBe("refund has been issued");
    expect(new RegExp(pattern).test(exampleOf(pattern)!)).toBe(true);
    expect(exampleOf("\\b(?:thank you|sorry)\\b")).toBe("thank you");
    expect(exampleOf("a{2,}(?=b)")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { splitTurns, type DistillStep } from "./environment-turns";

const step = (index: number, fields: Partial<DistillStep>): DistillStep => ({
  index,
  type: "message",
  role: "user",
  content: null,
  toolName: null,
  arguments: null,
  result: null,
  error: null,
  ...fields,
});

describe("splitTurns", () => {
  it("gives the user's turns, tool results and tool errors to the environment, replies and calls to the policy, system prompts to the context", () => {
    const turns = splitTurns([
      step(3, { type: "tool_call", role: "assistant", toolName: "lookup_order", arguments: { order: "A-1" }, result: { status: "delivered" } }),
      step(0, { role: "system", content: "Be kind." }),
      step(1, { role: "user", content: "Refund A-1 please" }),
      step(2, { role: "assistant", content: "Let me look." }),
      step(4, { role: "tool", content: "policy: not eligible" }),
      step(5, { type: "tool_call", role: "assistant", toolName: "issue_refund", arguments: '{"order":"A-1"}', error: "refused: not eligible" }),
      step(6, { role: "assistant", content: "" }),
    ]);
    expect(turns).toEqual([
      { speaker: "context", text: "Be kind.", stepIndex: 0 },
      { speaker: "environment", text: "Refund A-1 please", stepIndex: 1 },
      { speaker: "policy", text: "Let me look.", stepIndex: 2 },
      { speaker: "policy", text: 'lookup_order({"order":"A-1"})', stepIndex: 3 },
      { speaker: "environment", text: '{"status":"delivered"}', stepIndex: 3 },
      { speaker: "environment", text: "policy: not eligible", stepIndex: 4 },
      { speaker: "policy", text: 'issue_refund({"order":"A-1"})', stepIndex: 5 },
      { speaker: "environment", text: "refused: not eligible", stepIndex: 5 },
    ]);
  });

  it("keeps a string result as the text the agent read and skips a call whose result was never logged", () => {
    const turns = splitTurns([
      step(0, { type: "tool_call", role: "assistant", toolName: "search", arguments: null, result: "3 hits" }),
      step(1, { type: "tool_call", role: "assistant", toolName: "wait" }),
    ]);
    expect(turns.map((turn) => [turn.speaker, turn.text])).toEqual([
      ["policy", "search()"],
      ["environment", "3 hits"],
      ["policy", "wait()"],
    ]);
  });
});

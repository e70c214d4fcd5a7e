import { describe, expect, it } from "vitest";
import { readToolCallBlocks } from "./read-tool-call-blocks";

describe("readToolCallBlocks", () => {
  it("reads Hermes / Qwen <tool_call> blocks as tool calls and keeps the rest of the text", () => {
    const text = 'Let me check.\n<tool_call>\n{"name": "lookup_order", "arguments": {"order": 17}}\n</tool_call>\n<tool_call>{"name": "lookup_policy", "arguments": "{\\"kind\\": \\"refund\\"}"}</tool_call>';
    expect(readToolCallBlocks(text)).toEqual({
      text: "Let me check.",
      toolCalls: [
        { id: null, name: "lookup_order", arguments: { order: 17 } },
        { id: null, name: "lookup_policy", arguments: { kind: "refund" } },
      ],
    });
  });

  it("reads a last block whose closing tag a stop string cut off, and leaves a block that is not a named call in the text", () => {
    expect(readToolCallBlocks('<tool_call>{"name": "deny_refund", "arguments": {}}')).toEqual({ text: null, toolCalls: [{ id: null, name: "deny_refund", arguments: {} }] });
    const broken = "<tool_call>{name: lookup_order}</tool_call> done";
    expect(readToolCallBlocks(broken)).toEqual({ text: broken, toolCalls: [] });
  });
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, fixturesDir, okTraces } from "../fixtures/collect-records";

describe("openai chat JSONL importer", () => {
  it("maps each conversation line to a trace, tool replies onto their calls", async () => {
    const records = await collectRecords({ path: join(fixturesDir, "openai-chat.jsonl") });
    expect(errorsOf(records)).toEqual([]);
    expect(records.map((record) => record.location.line)).toEqual([1, 2, 3]);
    const [simple, tools, parts] = okTraces(records);

    expect(simple).toMatchObject({ externalId: "openai:conv-1", input: "2+2?", output: "4", outcome: { reward: 1 }, metadata: { id: "conv-1" } });

    expect(tools?.steps.map((step) => [step.type, step.role, step.toolCallId ?? null])).toEqual([
      ["message", "system", null],
      ["message", "user", null],
      ["tool_call", "assistant", "call_a"],
      ["tool_call", "assistant", "call_b"],
      ["message", "tool", "call_zzz"],
      ["message", "assistant", null],
    ]);
    // Replies arrive in another order than the calls; the id decides.
    expect(tools?.steps[2]).toMatchObject({ name: "get_weather", arguments: { city: "Oslo" }, result: '{"temp_c": -3}' });
    // Arguments that are not valid JSON are kept as the model wrote them.
    expect(tools?.steps[3]).toMatchObject({ arguments: '{"city": "Rome"', result: "error: bad arguments" });
    expect(tools?.steps[0]?.metadata).toEqual({ role: "developer" });
    expect(tools?.output).toBe("Oslo is -3°C.\nRome: unknown.");
    expect(tools?.metadata).toEqual({ tools: [expect.objectContaining({ type: "function" })], parallel_tool_calls: true, metadata: { customer: "acme" } });
    expect(tools?.externalId).toMatch(/^sha256:[0-9a-f]{64}$/);

    expect(parts?.steps[0]).toMatchObject({ content: "What is in this picture?", metadata: { content: [expect.anything(), { type: "image_url", image_url: { url: "https://example.com/cat.png" } }] } });
    expect(parts?.steps[1]).toMatchObject({ content: "A cat.", reasoning: "It has whiskers." });
  });

  it("names the line and field of a malformed message", async () => {
    const text = ['{"messages":[{"role":"user","content":"hi"}]}', '{"messages":[{"role":"user"},{"role":"robot","content":"x"}]}', '{"nomessages":true}'].join("\n");
    const records = await collectRecords({ text, fileName: "chat.jsonl" }, { format: "openai" });
    expect(records.map((record) => (record.ok ? "ok" : record.error))).toEqual([
      "ok",
      expect.stringMatching(/^line 2: messages\[1\]\.role: unknown role "robot"/),
      "line 3: messages: Invalid input: expected array, received undefined",
    ]);
  });
});

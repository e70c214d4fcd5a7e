import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, okTraces } from "../fixtures/collect-records";

const batch = (...traces: unknown[]) => JSON.stringify({ traces });

describe("native importer", () => {
  it("accepts OpenAI-style messages and a top-level reward as steps and outcome.reward", async () => {
    const records = await collectRecords(
      {
        text: batch({
          messages: [
            { role: "user", content: "Refund order 7?" },
            { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "refund", arguments: '{"order": 7}' } }] },
            { role: "tool", tool_call_id: "c1", content: "done" },
            { role: "assistant", content: "Refunded." },
          ],
          reward: 0.75,
        }),
      },
      { isDocument: true },
    );
    expect(errorsOf(records)).toEqual([]);
    const [trace] = okTraces(records);
    expect(trace).toMatchObject({ input: "Refund order 7?", output: "Refunded.", outcome: { reward: 0.75 } });
    expect(trace?.steps).toEqual([
      expect.objectContaining({ type: "message", role: "user", content: "Refund order 7?" }),
      expect.objectContaining({ type: "tool_call", name: "refund", toolCallId: "c1", arguments: { order: 7 }, result: "done" }),
      expect.objectContaining({ type: "message", role: "assistant", content: "Refunded." }),
    ]);
  });

  it("rejects by index and field: an unknown field, an empty record, steps and messages together, two rewards that disagree", async () => {
    const records = await collectRecords(
      {
        text: batch(
          { foo: 1 },
          {},
          { steps: [{ role: "user", content: "hi", tool_calls: [] }] },
          { steps: [{ role: "user", content: "a" }], messages: [{ role: "user", content: "b" }] },
          { messages: [{ role: "user", content: "q" }], reward: 1, outcome: { reward: 0 } },
          { steps: [{ role: "user", content: "fine" }] },
        ),
      },
      { isDocument: true },
    );
    expect(okTraces(records)).toHaveLength(1);
    expect(errorsOf(records).map((record) => [record.location.index, record.error])).toEqual([
      [0, expect.stringMatching(/^index 0: unknown field "foo" \(a native trace has externalId, .*steps, messages, reward; put anything else in metadata\)$/)],
      [1, "index 1: nothing to store: the record gives no steps, messages, input or output"],
      [2, expect.stringMatching(/^index 2: steps\[0\]: unknown field "tool_calls" \(a native step has type, role, content/)],
      [3, "index 3: messages: give steps or messages, not both"],
      [4, "index 4: reward: is 1 but outcome.reward is 0; give one"],
    ]);
  });

  it("names the message at fault when a message cannot be read", async () => {
    const records = await collectRecords(
      {
        text: batch({
          messages: [
            { role: "user", content: "q" },
            { role: "robot", content: "x" },
          ],
        }),
      },
      { isDocument: true },
    );
    expect(errorsOf(records).map((record) => record.error)).toEqual([expect.stringMatching(/^index 0: messages\[1\]\.role: unknown role "robot"/)]);
  });
});

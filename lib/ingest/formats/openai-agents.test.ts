import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, fixturesDir, okTraces } from "../fixtures/collect-records";

// fixtures/openai-agents-export.json is the exporter's payload {"data": [...]} with the field names
// of openai-agents-python src/agents/tracing/{traces,spans,span_data}.py export() (see openai-agents.ts):
// a chat-completions run with a handoff and a tool call, and a Responses-model run whose response spans
// carry no content.
const file = join(fixturesDir, "openai-agents-export.json");
const summary = (step: { type?: string; role: string; name?: string | null }) => `${step.type}:${step.role}${step.name ? `:${step.name}` : ""}`;

describe("openai-agents importer", () => {
  it("detects the export and rebuilds one trace per trace id with messages, tool calls, results, tokens and the handoff", async () => {
    const records = await collectRecords({ path: file });
    expect(errorsOf(records)).toEqual([]);
    expect(records.every((record) => record.format === "openai-agents")).toBe(true);
    const [refund, weather] = okTraces(records);
    expect(refund).toMatchObject({
      externalId: "openai-agents:trace_6f1d2a9c3b7e4f0a8c5d1e2f3a4b5c6d",
      task: "Customer service",
      input: "I want a refund for order 8812.",
      output: "Order 8812 was delivered and is refundable; I have started your refund.",
    });
    expect(refund?.steps.map(summary)).toEqual([
      "message:system",
      "message:user",
      "tool_call:assistant:transfer_to_refunds",
      "message:system",
      "tool_call:assistant:lookup_order",
      "message:assistant",
    ]);
    expect(refund?.steps[2]).toMatchObject({
      toolCallId: "call_Q1x7",
      tokensIn: 92,
      tokensOut: 11,
      metadata: { agent: "Triage", toolCall: { handoff: { from_agent: "Triage", to_agent: "Refunds" } } },
    });
    expect(refund?.steps[4]).toMatchObject({
      arguments: { order_id: "8812" },
      result: "{'order_id': '8812', 'status': 'delivered', 'refundable': True}",
      tokensIn: 140,
      latencyMs: 800,
      metadata: { agent: "Refunds", model: "gpt-4o-mini" },
    });
    expect(refund?.steps[5]).toMatchObject({ tokensIn: 201, tokensOut: 23, latencyMs: 1700 });
    // The Responses model's export has no text: the tool call (and its error) is what there is.
    expect(weather?.steps).toEqual([
      expect.objectContaining({ type: "tool_call", name: "get_weather", arguments: { city: "Paris" }, error: "Error running tool (non-fatal)" }),
    ]);
    expect(weather?.metadata).toMatchObject({ openaiAgents: { trace: { workflow_name: "Agent workflow" }, spans: expect.any(Array) } });
  });

  it("reads the same items as JSONL (an item per line) and as a bare JSON array, spans grouped across lines", async () => {
    const items = (JSON.parse(readFileSync(file, "utf8")) as { data: unknown[] }).data;
    const fromLines = okTraces(await collectRecords({ text: items.map((item) => JSON.stringify(item)).join("\n") }));
    const fromArray = okTraces(await collectRecords({ text: JSON.stringify(items, null, 1) }));
    const fromFile = okTraces(await collectRecords({ path: file }));
    expect(fromLines.map((trace) => trace.steps.length)).toEqual([6, 1]);
    expect(fromLines).toEqual(fromFile);
    expect(fromArray).toEqual(fromFile);
  });

  it("rejects an item that is not a trace item by its line, and a trace with no generation or function span as nothing to store", async () => {
    const text = [
      JSON.stringify({ object: "trace", id: "trace_a", workflow_name: "w" }),
      JSON.stringify({ object: "trace.span", id: "span_1", trace_id: "trace_a", parent_id: null, span_data: { type: "agent", name: "A" }, error: null }),
      JSON.stringify({ id: "x", foo: 1 }),
    ].join("\n");
    const records = await collectRecords({ text }, { format: "openai-agents" });
    expect(errorsOf(records).map((record) => [record.location, record.error])).toEqual([
      [{ line: 3 }, expect.stringMatching(/^line 3: not an OpenAI Agents trace item/)],
      [{ line: 1 }, "line 1: nothing to store: the record gives no steps, messages, input or output"],
    ]);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, fixturesDir, okTraces } from "../fixtures/collect-records";

// fixtures/phoenix-spans.jsonl is get_spans_dataframe().to_json(orient="records", lines=True) (columns
// from phoenix src/phoenix/trace/dsl/query.py; epoch-millisecond times); phoenix-rest-spans.json is the
// REST answer {"data": [Span], "next_cursor"} (src/phoenix/server/api/routers/v1/spans.py) with flat
// OpenInference attribute keys. Both hold an OpenAI-instrumented agent: LLM, TOOL, LLM under an AGENT span.
const expectedSteps = ["message:system", "message:user", "tool_call:assistant", "message:assistant"];

describe("phoenix importer", () => {
  it.each(["phoenix-spans.jsonl", "phoenix-rest-spans.json"])("detects %s and rebuilds the agent's messages, tool call, result and tokens", async (name) => {
    const records = await collectRecords({ path: join(fixturesDir, name) });
    expect(errorsOf(records)).toEqual([]);
    expect(records.map((record) => record.format)).toEqual(["phoenix"]);
    const [trace] = okTraces(records);
    expect(trace).toMatchObject({
      task: "agent_run",
      input: "What is the weather in Paris?",
      output: "It is 18°C and sunny in Paris.",
      startedAt: expect.stringMatching(/^2025-06-01T10:00:00/),
    });
    expect(trace?.externalId).toMatch(/^phoenix:[0-9a-f]{32}$/);
    expect(trace?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(expectedSteps);
    expect(trace?.steps[2]).toMatchObject({
      name: "get_weather",
      toolCallId: "call_Ph01",
      arguments: { city: "Paris" },
      result: "18°C and sunny",
      tokensIn: 58,
      tokensOut: 16,
      latencyMs: 790,
    });
    expect(trace?.steps[3]).toMatchObject({
      content: "It is 18°C and sunny in Paris.",
      tokensIn: 90,
      tokensOut: 12,
      metadata: { model: "gpt-4o-mini-2024-07-18" },
    });
  });

  it("rejects a span without a trace id where it is, and a trace of spans with no messages or values as nothing to store", async () => {
    const text = [
      JSON.stringify({ name: "x", span_kind: "CHAIN", "context.span_id": "01", "context.trace_id": "t1", parent_id: null }),
      JSON.stringify({ name: "y", span_kind: "LLM" }),
    ].join("\n");
    const records = await collectRecords({ text }, { format: "phoenix" });
    expect(errorsOf(records).map((record) => record.error)).toEqual([
      expect.stringMatching(/^line 2: not a Phoenix span/),
      "line 1: nothing to store: the record gives no steps, messages, input or output",
    ]);
  });

  it('reads the dataframe written as one JSON array of records (to_json(orient="records"))', async () => {
    const rows = readFileSync(join(fixturesDir, "phoenix-spans.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    const fromArray = okTraces(await collectRecords({ text: JSON.stringify(rows) }));
    expect(fromArray).toEqual(okTraces(await collectRecords({ path: join(fixturesDir, "phoenix-spans.jsonl") })));
    expect(fromArray[0]?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(expectedSteps);
  });
});

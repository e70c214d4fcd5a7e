import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectRecords, errorsOf, fixturesDir, okTraces } from "../fixtures/collect-records";
import { decodeAnyValue } from "./otel-attributes";

describe("otel importer", () => {
  it("reads current gen_ai.input/output.messages spans, one trace per traceId", async () => {
    const records = await collectRecords({ path: join(fixturesDir, "otel-current.json") });
    expect(errorsOf(records)).toEqual([]);
    expect(records.map((record) => record.format)).toEqual(["otel", "otel"]);
    const [weather, failed] = okTraces(records);

    expect(weather?.externalId).toBe("otel:5b8efff798038103d269b633813fc60c");
    expect(weather?.startedAt).toBe("2025-10-09T08:53:20.000Z");
    expect(weather?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(["message:system", "message:user", "tool_call:assistant", "message:assistant"]);
    const [, , call, answer] = weather?.steps ?? [];
    expect(call).toMatchObject({
      name: "get_weather",
      toolCallId: "call_1",
      arguments: { city: "Paris" },
      result: { temp_c: 18, sky: "cloudy" },
      tokensIn: 42,
      tokensOut: 7,
      latencyMs: 1000,
      startedAt: "2025-10-09T08:53:20.100Z",
    });
    // Parent/child structure: the call came from chat span b2, ran in tool span c3, both children of a1.
    expect(call?.metadata).toMatchObject({
      span: { spanId: "b2b2b2b2b2b2b2b2", parentSpanId: "a1a1a1a1a1a1a1a1", operation: "chat" },
      toolCall: { execution: { span: { spanId: "c3c3c3c3c3c3c3c3", parentSpanId: "a1a1a1a1a1a1a1a1", operation: "execute_tool" } } },
      toolTiming: { startedAt: "2025-10-09T08:53:21.200Z", latencyMs: 250 },
      model: "gpt-4o-2024-08-06",
    });
    expect(answer).toMatchObject({ content: "It is 18°C and cloudy in Paris.", tokensIn: 60, tokensOut: 12, latencyMs: 1900 });
    expect(weather?.outcome).toEqual({ scores: { helpfulness: 0.9 } });
    const otel = weather?.metadata?.otel as { spans: { spanId: string; attributes: Record<string, unknown> }[]; resources: { attributes: Record<string, unknown> }[] };
    expect(otel.spans.map((span) => span.spanId)).toEqual(["a1a1a1a1a1a1a1a1", "b2b2b2b2b2b2b2b2", "c3c3c3c3c3c3c3c3", "d4d4d4d4d4d4d4d4"]);
    expect(otel.spans[1]?.attributes).toMatchObject({
      "gen_ai.request.temperature": 0.2,
      "gen_ai.request.stop_sequences": ["\n\n"],
      "gen_ai.request.stream": false,
      "llm.extra": { cached: true, tier: "default" },
    });
    expect(otel.resources[0]?.attributes).toEqual({ "service.name": "weather-bot", "deployment.tags": ["eu", "canary"] });

    // A tool span with no model call before it is a call of its own, with the span's error.
    expect(failed?.steps).toEqual([
      expect.objectContaining({ type: "tool_call", name: "search_flights", arguments: { from: "CDG", to: "JFK" }, error: "upstream timed out after 30s", latencyMs: 30000 }),
    ]);
  });

  it("reads the older gen_ai.prompt.N / gen_ai.completion.N attributes, from JSONL", async () => {
    const records = await collectRecords({ path: join(fixturesDir, "otel-legacy.jsonl") });
    expect(errorsOf(records)).toEqual([]);
    expect(records.map((record) => [record.location.line, record.location.index])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    const [convert, hello] = okTraces(records);
    expect(convert?.steps.map((step) => `${step.type}:${step.role}`)).toEqual(["message:system", "message:user", "tool_call:assistant", "message:assistant"]);
    expect(convert?.steps[2]).toMatchObject({ name: "convert", toolCallId: "call_fx", arguments: { amount: 100, from: "USD", to: "EUR" }, result: "92.10", tokensIn: 30, tokensOut: 9 });
    expect(convert?.steps[3]).toMatchObject({ content: "100 USD is 92.10 EUR.", tokensIn: 55, tokensOut: 8, latencyMs: 600 });
    expect(hello).toMatchObject({ input: "Say hi.", output: "Hi!", externalId: "otel:22222222222222222222222222222222" });
  });

  it("reads one trace whose spans are on several JSONL lines as one trace with every step", async () => {
    // otel-current.json's weather trace, each span its own export line (as the Collector's file exporter may write it).
    const document = JSON.parse(readFileSync(join(fixturesDir, "otel-current.json"), "utf8")) as { resourceSpans: Array<{ resource: unknown; scopeSpans: Array<{ scope?: unknown; spans: Array<{ traceId: string }> }> }> };
    const whole = okTraces(await collectRecords({ path: join(fixturesDir, "otel-current.json") }))[0];
    const weatherId = whole!.externalId!.slice("otel:".length);
    const lines = document.resourceSpans.flatMap(({ resource, scopeSpans }) =>
      scopeSpans.flatMap(({ scope, spans }) => spans.filter((span) => span.traceId === weatherId).map((span) => JSON.stringify({ resourceSpans: [{ resource, scopeSpans: [{ scope, spans: [span] }] }] }))),
    );
    expect(lines.length).toBe(4);
    const records = await collectRecords({ bytes: new TextEncoder().encode(lines.reverse().join("\n")), fileName: "split.jsonl" }, { format: "otel" });
    expect(errorsOf(records)).toEqual([]);
    const traces = okTraces(records);
    expect(traces).toHaveLength(1);
    expect(traces[0]?.steps).toEqual(whole?.steps);
  });

  it("decodes every OTLP AnyValue kind, intValue as a string too", () => {
    expect(decodeAnyValue({ intValue: "42" })).toBe(42);
    expect(decodeAnyValue({ intValue: "9007199254740993" })).toBe("9007199254740993");
    expect(decodeAnyValue({ doubleValue: 1.5 })).toBe(1.5);
    expect(decodeAnyValue({ boolValue: true })).toBe(true);
    expect(decodeAnyValue({ arrayValue: { values: [{ stringValue: "a" }, { intValue: 1 }] } })).toEqual(["a", 1]);
    expect(decodeAnyValue({ kvlistValue: { values: [{ key: "k", value: { stringValue: "v" } }] } })).toEqual({ k: "v" });
    expect(decodeAnyValue({})).toBeNull();
  });

  it("reports a malformed span and still reads the others", async () => {
    const text = JSON.stringify({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                { spanId: "x1", name: "broken" },
                { traceId: "t1", spanId: "s1", name: "chat", attributes: [{ key: "gen_ai.operation.name", value: { stringValue: "chat" } }] },
                { traceId: "t2", spanId: "s2", name: "GET /health", attributes: [{ key: "http.method", value: { stringValue: "GET" } }] },
              ],
            },
          ],
        },
      ],
    });
    const records = await collectRecords({ text }, { format: "otel" });
    expect(records.map((record) => (record.ok ? record.externalId : record.error))).toEqual([
      "line 1: resourceSpans[0].scopeSpans[0].spans[0].traceId: Invalid input: expected string, received undefined",
      "otel:t1",
      expect.stringMatching(/^line 1, index 1: trace t2: none of its 1 span\(s\) is a model call, message or tool call/),
    ]);
  });
});

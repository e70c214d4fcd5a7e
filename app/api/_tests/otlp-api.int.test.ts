import { SpanStatusCode } from "@opentelemetry/api";
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { POST as postLogs } from "@/app/api/v1/otel/v1/logs/route";
import { POST as postMetrics } from "@/app/api/v1/otel/v1/metrics/route";
import { POST as postTraces } from "@/app/api/v1/otel/v1/traces/route";
import { getDb } from "@/lib/db/client";
import { decodeOtlpResponse, decodeRpcStatus } from "@/lib/ingest/otel/otlp-protobuf";
import { MAX_API_BODY_BYTES } from "@/lib/http/body-limits";
import { ingestOtlpTraces } from "@/lib/ingest/otel/ingest-otlp-export";
import { jobIdsHeader } from "@/lib/next/otlp-route";
import type { CapturedExport } from "@/lib/testing/capture-otlp-export";
import { captureTraceExports } from "@/lib/testing/otlp-test-helpers";
import { replayOtlpExport, runOtlpRebuilds } from "@/lib/next/replay-otlp-export";
import { routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["otlp"]);
const params = { params: Promise.resolve({}) };

const replay = (captured: CapturedExport) => replayOtlpExport(postTraces, captured, project.key);
async function stepsOf(traceId: string) {
  const trace = await db.trace.findUnique({ where: { projectId_externalId: { projectId: project.id, externalId: `otel:${traceId}` } }, include: { steps: { orderBy: { index: "asc" } } } });
  return { trace, steps: trace?.steps ?? [] };
}
const summary = (steps: { type: string; role: string; toolName: string | null; content: string | null }[]) =>
  steps.map((step) => `${step.type}:${step.role}:${step.toolName ?? step.content ?? ""}`);

const userAsks = JSON.stringify([{ role: "user", parts: [{ type: "text", content: "Weather in Paris?" }] }]);
const callsTool = JSON.stringify([{ role: "assistant", parts: [{ type: "tool_call", id: "call_w1", name: "get_weather", arguments: { city: "Paris" } }] }]);
const withToolResult = JSON.stringify([
  { role: "user", parts: [{ type: "text", content: "Weather in Paris?" }] },
  { role: "assistant", parts: [{ type: "tool_call", id: "call_w1", name: "get_weather", arguments: { city: "Paris" } }] },
  { role: "tool", parts: [{ type: "tool_call_response", id: "call_w1", response: "18C, cloudy" }] },
]);
const answers = JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: "It is 18C and cloudy in Paris." }] }]);

describe("POST /api/v1/otel/v1/traces with the official OTel exporters", () => {
  it("stores a gzip protobuf export of GenAI spans and answers an ExportTraceServiceResponse in protobuf", async () => {
    let traceId = "";
    const exports = await captureTraceExports({ protocol: "http/protobuf", gzip: true }, async (tracer) => {
      tracer.startActiveSpan("invoke_agent weather", (root) => {
        traceId = root.spanContext().traceId;
        const chat = tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o", "gen_ai.input.messages": userAsks, "gen_ai.output.messages": callsTool, "gen_ai.usage.input_tokens": 40, "gen_ai.usage.output_tokens": 9 } });
        chat.end();
        const tool = tracer.startSpan("execute_tool get_weather", { attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather", "gen_ai.tool.call.id": "call_w1", "gen_ai.tool.call.result": "18C, cloudy" } });
        tool.end();
        root.end();
      });
    });
    expect(exports).toHaveLength(1);
    expect(exports[0]?.headers["content-type"]).toBe("application/x-protobuf");
    expect(exports[0]?.headers["content-encoding"]).toBe("gzip");

    const response = await replay(exports[0]!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-protobuf");
    expect(decodeOtlpResponse("traces", new Uint8Array(await response.arrayBuffer()))).toEqual({});
    const { steps } = await stepsOf(traceId);
    expect(summary(steps)).toEqual(["message:user:Weather in Paris?", "tool_call:assistant:get_weather"]);
    expect(steps[1]).toMatchObject({ toolCallId: "call_w1", result: "18C, cloudy", tokensIn: 40, tokensOut: 9 });
  });

  it("merges a trace whose spans arrive in two exports, keeps the tool result and final answer, and ignores a re-send", async () => {
    let traceId = "";
    const exports = await captureTraceExports({ protocol: "http/json" }, async (tracer, flush) => {
      await tracer.startActiveSpan("invoke_agent weather", async (root) => {
        traceId = root.spanContext().traceId;
        tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.operation.name": "chat", "gen_ai.input.messages": userAsks, "gen_ai.output.messages": callsTool } }).end();
        // The exporter's batch goes out here, mid-run: the rest of the trace comes in a second export.
        await flush();
        tracer.startSpan("execute_tool get_weather", { attributes: { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather", "gen_ai.tool.call.id": "call_w1", "gen_ai.tool.call.result": "18C, cloudy" } }).end();
        tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.operation.name": "chat", "gen_ai.input.messages": withToolResult, "gen_ai.output.messages": answers, "gen_ai.usage.output_tokens": 12 } }).end();
        root.end();
      });
    });
    expect(exports).toHaveLength(2);
    expect(exports[0]?.headers["content-type"]).toBe("application/json");

    const first = await replay(exports[0]!);
    expect(await first.json()).toEqual({});
    const afterFirst = await stepsOf(traceId);
    expect(summary(afterFirst.steps)).toEqual(["message:user:Weather in Paris?", "tool_call:assistant:get_weather"]);

    expect(await (await replay(exports[1]!)).json()).toEqual({});
    const merged = await stepsOf(traceId);
    expect(merged.trace?.id).toBe(afterFirst.trace?.id);
    expect(summary(merged.steps)).toEqual(["message:user:Weather in Paris?", "tool_call:assistant:get_weather", "message:assistant:It is 18C and cloudy in Paris."]);
    expect(merged.steps[1]?.result).toBe("18C, cloudy");
    expect(merged.trace).toMatchObject({ output: "It is 18C and cloudy in Paris.", stepCount: 3 });

    // Re-sending either export changes nothing: same rows, same steps.
    for (const again of exports) expect(await (await replay(again)).json()).toEqual({});
    const resent = await stepsOf(traceId);
    expect(resent.steps).toEqual(merged.steps);
    expect(await db.otelRecord.count({ where: { projectId: project.id, traceId } })).toBe(4);
  });

  it("works with the README's exporter environment: OTEL_EXPORTER_OTLP_ENDPOINT, the Bearer header, gzip", async () => {
    let traceId = "";
    const environment = (baseUrl: string) => ({
      OTEL_EXPORTER_OTLP_ENDPOINT: `${baseUrl}/api/v1/otel`,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer%20${project.key}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_COMPRESSION: "gzip",
    });
    const exports = await captureTraceExports({ protocol: "http/protobuf", environment }, async (tracer) => {
      const span = tracer.startSpan("chat gpt-4o", { attributes: { "gen_ai.operation.name": "chat", "gen_ai.input.messages": userAsks, "gen_ai.output.messages": answers } });
      traceId = span.spanContext().traceId;
      span.end();
    });
    expect(exports[0]).toMatchObject({ path: "/api/v1/otel/v1/traces", headers: { authorization: `Bearer ${project.key}`, "content-encoding": "gzip", "content-type": "application/x-protobuf" } });
    const response = await replayOtlpExport(postTraces, exports[0]!, null);
    expect(response.status).toBe(200);
    expect(summary((await stepsOf(traceId)).steps)).toEqual(["message:user:Weather in Paris?", "message:assistant:It is 18C and cloudy in Paris."]);
  });

  it("answers a trace with no GenAI content as rejected spans with the reason, and stores nothing of it", async () => {
    let traceId = "";
    const exports = await captureTraceExports({ protocol: "http/protobuf" }, async (tracer) => {
      const span = tracer.startSpan("GET /health", { attributes: { "http.request.method": "GET" } });
      traceId = span.spanContext().traceId;
      span.setStatus({ code: SpanStatusCode.OK });
      span.end();
    });
    const response = await replay(exports[0]!);
    expect(response.status).toBe(200);
    const answer = decodeOtlpResponse("traces", new Uint8Array(await response.arrayBuffer()));
    expect(answer).toEqual({ partialSuccess: { rejectedSpans: "1", errorMessage: expect.stringContaining(`trace ${traceId}: none of its 1 span(s) is a model call`) } });
    expect((await stepsOf(traceId)).trace).toBeNull();
    expect(await db.otelRecord.count({ where: { projectId: project.id, traceId } })).toBe(0);
  });

  it("refuses log records that are not GenAI events or name no trace, with where they were", async () => {
    const logRecord = (extra: Record<string, unknown>) => ({ timeUnixNano: "1760000000000000000", body: { stringValue: "GET /health 200" }, ...extra });
    const body = JSON.stringify({
      resourceLogs: [{ scopeLogs: [{ logRecords: [logRecord({ traceId: "aa".repeat(16), spanId: "bb".repeat(8) }), logRecord({ eventName: "gen_ai.user.message" })] }] }],
    });
    const response = await postLogs(new NextRequest("http://localhost/api/v1/otel/v1/logs", { method: "POST", headers: { authorization: `Bearer ${project.key}`, "content-type": "application/json" }, body }), params);
    expect(response.status).toBe(200);
    const { partialSuccess } = await response.json();
    expect(partialSuccess.rejectedLogRecords).toBe("2");
    expect(partialSuccess.errorMessage).toContain('resourceLogs[0].scopeLogs[0].logRecords[0]: not a GenAI event (event name "";');
    expect(partialSuccess.errorMessage).toContain("resourceLogs[0].scopeLogs[0].logRecords[1]: gen_ai.user.message has no traceId");
  });

  it("answers errors to protobuf clients as a google.rpc.Status: 400 undecodable, 415 other types, 413 too large", async () => {
    const send = (body: Uint8Array<ArrayBuffer>, headers: Record<string, string>) =>
      postTraces(new NextRequest("http://localhost/api/v1/otel/v1/traces", { method: "POST", headers: { authorization: `Bearer ${project.key}`, ...headers }, body: body as Uint8Array<ArrayBuffer> }), params);
    const garbage = await send(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0x0f, 0x01]), { "content-type": "application/x-protobuf" });
    expect(garbage.status).toBe(400);
    expect(garbage.headers.get("content-type")).toBe("application/x-protobuf");
    expect(decodeRpcStatus(new Uint8Array(await garbage.arrayBuffer()))).toMatchObject({ code: 3, message: expect.stringContaining("not a protobuf OTLP traces export request") });

    const badGzip = await send(new Uint8Array([1, 2, 3]), { "content-type": "application/x-protobuf", "content-encoding": "gzip" });
    expect(badGzip.status).toBe(400);
    expect(decodeRpcStatus(new Uint8Array(await badGzip.arrayBuffer())).message).toMatch(/not valid gzip/);

    const text = await send(new TextEncoder().encode("hello"), { "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect((await text.json()).error.code).toBe("unsupported_media_type");

    const big = await send(new Uint8Array(4), { "content-type": "application/x-protobuf", "content-length": String(MAX_API_BODY_BYTES + 1) });
    expect(big.status).toBe(413);
    expect(decodeRpcStatus(new Uint8Array(await big.arrayBuffer())).code).toBe(8);

    const noKey = await postTraces(new NextRequest("http://localhost/api/v1/otel/v1/traces", { method: "POST", headers: { "content-type": "application/x-protobuf" }, body: new Uint8Array() }), params);
    expect(noKey.status).toBe(401);
    expect(decodeRpcStatus(new Uint8Array(await noKey.arrayBuffer())).code).toBe(16);
  });
});

describe("OTLP resource attributes and the metrics signal", () => {
  const postJson = (route: typeof postTraces, path: string, body: unknown, contentType = "application/json") =>
    route(new NextRequest(`http://localhost/api/v1/otel/v1/${path}`, { method: "POST", headers: { authorization: `Bearer ${project.key}`, "content-type": contentType }, body: typeof body === "string" ? body : JSON.stringify(body) }), params).then(runOtlpRebuilds);
  const exportWith = (traceId: string, resource: Record<string, string>) => ({
    resourceSpans: [
      {
        resource: { attributes: Object.entries(resource).map(([k, v]) => ({ key: k, value: { stringValue: v } })) },
        scopeSpans: [
          {
            spans: [
              {
                traceId,
                spanId: "00f067aa0ba902b7",
                name: "chat gpt-4o",
                startTimeUnixNano: "1767225600000000000",
                endTimeUnixNano: "1767225601000000000",
                attributes: [
                  { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
                  { key: "gen_ai.input.messages", value: { stringValue: userAsks } },
                  { key: "gen_ai.output.messages", value: { stringValue: answers } },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
  const randomTraceId = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");

  it("takes the environment from goodhart.environment, else service.name, and never from the SDKs' unknown_service default", async () => {
    const [both, serviceOnly, unknown] = [randomTraceId(), randomTraceId(), randomTraceId()];
    for (const [id, resource] of [
      [both, { "goodhart.environment": "refunds", "service.name": "refund-bot" }],
      [serviceOnly, { "service.name": "refund-bot" }],
      [unknown, { "service.name": "unknown_service:node" }],
    ] as const) {
      expect((await postJson(postTraces, "traces", exportWith(id, resource))).status).toBe(200);
    }
    expect((await stepsOf(both)).trace?.environment).toBe("refunds");
    expect((await stepsOf(serviceOnly)).trace?.environment).toBe("refund-bot");
    expect((await stepsOf(unknown)).trace?.environment).toBeNull();
  });

  it("answers a metrics export with an empty ExportMetricsServiceResponse, JSON or protobuf, and needs the key", async () => {
    const json = await postJson(postMetrics, "metrics", { resourceMetrics: [] });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({});
    const proto = await postJson(postMetrics, "metrics", "", "application/x-protobuf");
    expect(proto.status).toBe(200);
    expect(proto.headers.get("content-type")).toBe("application/x-protobuf");
    expect((await proto.arrayBuffer()).byteLength).toBe(0);
    const anonymous = await postMetrics(new NextRequest("http://localhost/api/v1/otel/v1/metrics", { method: "POST", body: "{}" }), params);
    expect(anonymous.status).toBe(401);
  });

  it("refuses an export of more than 50,000 spans, or of spans in more than 10,000 traces, with 400 saying to send smaller batches", async () => {
    const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
    const exportOf = (spans: number, perTrace: number) => ({
      resourceSpans: [{ scopeSpans: [{ spans: Array.from({ length: spans }, (_, i) => ({ traceId: hex(Math.floor(i / perTrace) + 1, 32), spanId: hex(i + 1, 16), name: "GET /" })) }] }],
    });
    const tooManySpans = await postJson(postTraces, "traces", exportOf(50_001, 100));
    expect(tooManySpans.status).toBe(400);
    expect((await tooManySpans.json()).error.message).toBe("The export holds 50001 spans, more than the 50000 one export may; send smaller batches (the Collector's batch processor: send_batch_max_size)");
    const tooManyTraces = await postJson(postTraces, "traces", exportOf(10_001, 1));
    expect(tooManyTraces.status).toBe(400);
    expect((await tooManyTraces.json()).error.message).toMatch(/^The export holds 10001 traces, more than the 10000 one export may/);
  });
});

describe("OTLP storage of a trace sent in many exports", () => {
  const span = (traceId: string, i: number) => {
    const isTool = i % 4 === 1;
    return {
      traceId,
      spanId: (i + 1).toString(16).padStart(16, "0"),
      name: isTool ? "execute_tool get_weather" : "chat gpt-4o",
      startTimeUnixNano: String(1767225600000000000n + BigInt(i) * 1000000000n),
      endTimeUnixNano: String(1767225600500000000n + BigInt(i) * 1000000000n),
      attributes: isTool
        ? [
            { key: "gen_ai.operation.name", value: { stringValue: "execute_tool" } },
            { key: "gen_ai.tool.name", value: { stringValue: "get_weather" } },
            { key: "gen_ai.tool.call.id", value: { stringValue: `call_${i}` } },
            { key: "gen_ai.tool.call.result", value: { stringValue: `${10 + i}C` } },
          ]
        : [
            { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
            { key: "gen_ai.input.messages", value: { stringValue: JSON.stringify([{ role: "user", parts: [{ type: "text", content: `question ${i}` }] }]) } },
            { key: "gen_ai.output.messages", value: { stringValue: JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: `answer ${i}` }] }]) } },
            { key: "gen_ai.usage.output_tokens", value: { intValue: String(i + 1) } },
          ],
    };
  };
  const exportOf = (spans: unknown[]) => ({ resourceSpans: [{ resource: { attributes: [{ key: "service.name", value: { stringValue: "weather-bot" } }] }, scopeSpans: [{ scope: { name: "agent" }, spans }] }] });
  const randomTraceId = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  const content = async (traceId: string) => {
    const { trace, steps } = await stepsOf(traceId);
    const { id: _id, externalId: _externalId, contentHash: _hash, createdAt: _created, ...fields } = trace as NonNullable<typeof trace> & { contentHash?: string };
    return { ...fields, metadata: JSON.parse(JSON.stringify(fields.metadata ?? null).replaceAll(traceId, "TRACE")), steps: steps.map(({ traceId: _traceId, ...step }) => step) };
  };

  it("stores a trace sent as 20 exports of one span each with the same content as one export of all 20, rebuilt once for the burst", async () => {
    const [whole, piecewise] = [randomTraceId(), randomTraceId()];
    const send = (body: unknown) => postTraces(new NextRequest("http://localhost/api/v1/otel/v1/traces", { method: "POST", headers: { authorization: `Bearer ${project.key}`, "content-type": "application/json" }, body: JSON.stringify(body) }), params);

    await runOtlpRebuilds(await send(exportOf(Array.from({ length: 20 }, (_, i) => span(whole, i)))));
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await send(exportOf([span(piecewise, i)])));
    expect(answers.map((answer) => answer.status)).toEqual(new Array(20).fill(200));
    // Every export of the burst names the same pending rebuild: the trace is rebuilt once, not 20 times.
    const jobIds = new Set(answers.map((answer) => answer.headers.get(jobIdsHeader)));
    expect(jobIds.size).toBe(1);
    expect((await stepsOf(piecewise)).trace).toBeNull();
    await runOtlpRebuilds(answers[0]!);

    expect(await db.otelRecord.count({ where: { projectId: project.id, traceId: piecewise } })).toBe(20);
    const [one, twenty] = await Promise.all([content(whole), content(piecewise)]);
    expect(twenty.steps).toHaveLength(one.steps.length);
    expect(twenty).toEqual(one);
  });

  it("reads none of a trace's earlier spans to store a new one: the work per export stays the same over 20 exports", async () => {
    const traceId = randomTraceId();
    let recordRowsRead = 0;
    let queries = 0;
    // Counted through Prisma: an extended client has no raw connection, so the export is stored trace
    // by trace (storeOtelRecords). The raw path (storeOtelRecordsOfTraces) probes the same unique index
    // once per trace and once per (trace, span id), so it reads no earlier record either.
    const counted = db.$extends({
      query: {
        $allOperations: async ({ model, operation, args, query }) => {
          queries += 1;
          const result = await query(args);
          if (model === "OtelRecord" && operation.startsWith("find")) recordRowsRead += Array.isArray(result) ? result.length : result ? 1 : 0;
          return result;
        },
      },
    }) as unknown as typeof db;
    const perExport: Array<{ rowsRead: number; queries: number }> = [];
    for (let i = 0; i < 20; i++) {
      [recordRowsRead, queries] = [0, 0];
      const result = await ingestOtlpTraces(counted, { projectId: project.id, request: exportOf([span(traceId, i)]) });
      expect(result).toMatchObject({ accepted: 1, rejected: 0 });
      perExport.push({ rowsRead: recordRowsRead, queries });
    }
    console.info(`OTLP export work, exports 1, 2, 10, 20: ${[0, 1, 9, 19].map((i) => `${perExport[i]!.rowsRead} record rows read / ${perExport[i]!.queries} queries`).join("; ")}`);
    // The first export finds no earlier record and queues the rebuild; every later one does the same as the second.
    expect(perExport.slice(1)).toEqual(new Array(19).fill(perExport[1]));
    expect(perExport[1]!.rowsRead).toBeLessThanOrEqual(1);
  });
});

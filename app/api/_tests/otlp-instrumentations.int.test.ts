import { createRequire } from "node:module";
import { OpenAIInstrumentation as OpenInferenceOpenAI } from "@arizeai/openinference-instrumentation-openai";
import { OTLPLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OpenAIInstrumentation } from "@opentelemetry/instrumentation-openai";
import { BatchLogRecordProcessor, LoggerProvider } from "@opentelemetry/sdk-logs";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { POST as postLogs } from "@/app/api/v1/otel/v1/logs/route";
import { POST as postTraces } from "@/app/api/v1/otel/v1/traces/route";
import { getDb } from "@/lib/db/client";
import { startOtlpCapture, type CapturedExport } from "@/lib/testing/capture-otlp-export";
import { chatCompletion, startLlmTestServer } from "@/lib/testing/llm-test-server";
import { captureTraceExports } from "@/lib/testing/otlp-test-helpers";
import { replayOtlpExport } from "@/lib/next/replay-otlp-export";
import { routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

// The instrumentations patch the CommonJS build of `openai` (vitest loads packages as ESM, which
// require-hooks never see), so the tests use that build and patch it by hand.
const openaiModule = createRequire(import.meta.url)("openai") as typeof import("openai");

const db = getDb();
const [project] = routeTestProjects(["otlp-inst"]);

async function traceOf(traceId: string) {
  return db.trace.findUnique({ where: { projectId_externalId: { projectId: project.id, externalId: `otel:${traceId}` } }, include: { steps: { orderBy: { index: "asc" } } } });
}
const summary = (steps: { type: string; role: string; toolName: string | null; content: string | null }[]) =>
  steps.map((step) => `${step.type}:${step.role}:${step.toolName ?? step.content ?? ""}`);
async function replayAll(exports: CapturedExport[], route = postTraces) {
  for (const captured of exports) {
    const response = await replayOtlpExport(route, captured, project.key);
    expect(response.status).toBe(200);
    const answer = response.headers.get("content-type")?.includes("json") ? await response.json() : null;
    if (answer) expect(answer).toEqual({});
  }
}

/** An OpenAI-compatible server: the first call asks for the weather tool, the next answers. */
async function weatherServer() {
  let calls = 0;
  return startLlmTestServer(() => {
    calls++;
    if (calls % 2 === 1) {
      return {
        body: {
          ...chatCompletion("", { tokensIn: 31, tokensOut: 7 }),
          choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [{ id: "call_oi1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] } }],
        },
      };
    }
    return { body: chatCompletion("It is 18C in Paris.", { tokensIn: 52, tokensOut: 9 }) };
  });
}
const weatherTool = { type: "function" as const, function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } };

describe("real instrumentations through /api/v1/otel", () => {
  it("reads a Vercel AI SDK trace (experimental_telemetry) with a tool call", async () => {
    let calls = 0;
    const usage = (input: number, output: number) => ({ inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } });
    const model = new MockLanguageModelV3({
      modelId: "mock-weather-model",
      doGenerate: async () =>
        calls++ === 0
          ? { content: [{ type: "tool-call", toolCallId: "call_v1", toolName: "weather", input: '{"city":"Paris"}' }], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage: usage(20, 5), warnings: [] }
          : { content: [{ type: "text", text: "It is 18C in Paris." }], finishReason: { unified: "stop", raw: "stop" }, usage: usage(40, 8), warnings: [] },
    });
    let traceId = "";
    const exports = await captureTraceExports({ protocol: "http/protobuf" }, async (tracer) => {
      await tracer.startActiveSpan("request", async (root) => {
        traceId = root.spanContext().traceId;
        await generateText({
          model,
          system: "You answer weather questions.",
          prompt: "Weather in Paris?",
          tools: { weather: tool({ description: "Current weather", inputSchema: z.object({ city: z.string() }), execute: async ({ city }) => ({ city, celsius: 18 }) }) },
          stopWhen: stepCountIs(3),
          experimental_telemetry: { isEnabled: true, tracer },
        });
        root.end();
      });
    });
    await replayAll(exports);
    const trace = await traceOf(traceId);
    expect(summary(trace?.steps ?? [])).toEqual(["message:system:You answer weather questions.", "message:user:Weather in Paris?", "tool_call:assistant:weather", "message:assistant:It is 18C in Paris."]);
    expect(trace?.steps[2]).toMatchObject({ toolCallId: "call_v1", arguments: { city: "Paris" }, result: { city: "Paris", celsius: 18 }, tokensIn: 20, tokensOut: 5 });
    expect(trace?.steps[3]).toMatchObject({ tokensIn: 40, tokensOut: 8 });
    expect(trace?.steps[3]?.metadata).toMatchObject({ model: "mock-weather-model" });
  });

  it("reads an OpenInference trace of the openai client with a TOOL span", async () => {
    const server = await weatherServer();
    const instrumentation = new OpenInferenceOpenAI();
    let traceId = "";
    try {
      const exports = await captureTraceExports({ protocol: "http/json" }, async (tracer, _flush, provider) => {
        instrumentation.setTracerProvider(provider);
        // Its typings want the OpenAI class, but it patches `module.OpenAI`: the module is what its README passes.
        instrumentation.manuallyInstrument(openaiModule as unknown as Parameters<typeof instrumentation.manuallyInstrument>[0]);
        const client = new openaiModule.OpenAI({ baseURL: `${server.url}/v1`, apiKey: "test" });
        await tracer.startActiveSpan("agent", async (root) => {
          traceId = root.spanContext().traceId;
          const messages: import("openai").OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Weather in Paris?" }];
          const first = await client.chat.completions.create({ model: "gpt-4o-mini", messages, tools: [weatherTool] });
          const call = first.choices[0]?.message.tool_calls?.[0];
          if (call?.type !== "function") throw new Error("the test server should ask for a tool");
          const result = '{"celsius":18}';
          tracer.startActiveSpan("get_weather", (span) => {
            span.setAttributes({ "openinference.span.kind": "TOOL", "tool.name": call.function.name, "input.value": call.function.arguments, "output.value": result });
            span.end();
          });
          messages.push(first.choices[0]!.message, { role: "tool", tool_call_id: call.id, content: result });
          await client.chat.completions.create({ model: "gpt-4o-mini", messages, tools: [weatherTool] });
          root.end();
        });
      });
      await replayAll(exports);
    } finally {
      instrumentation.disable();
      await server.close();
    }
    const trace = await traceOf(traceId);
    expect(summary(trace?.steps ?? [])).toEqual(["message:user:Weather in Paris?", "tool_call:assistant:get_weather", "message:assistant:It is 18C in Paris."]);
    expect(trace?.steps[1]).toMatchObject({ toolCallId: "call_oi1", arguments: { city: "Paris" }, result: { celsius: 18 }, tokensIn: 31, tokensOut: 7 });
    expect(trace?.steps[2]).toMatchObject({ tokensIn: 52, tokensOut: 9 });
    expect(trace?.steps[2]?.metadata).toMatchObject({ model: "test-model" });
  });

  it("joins @opentelemetry/instrumentation-openai's log events to their spans, logs first or spans first", async () => {
    const server = await weatherServer();
    const logCapture = await startOtlpCapture();
    const loggerProvider = new LoggerProvider({ processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter({ url: `${logCapture.url}/v1/logs` }), scheduledDelayMillis: 60_000 })] });
    const instrumentation = new OpenAIInstrumentation({ captureMessageContent: true });
    const definition = instrumentation.getModuleDefinitions()[0];
    const traceIds: string[] = [];
    let spanExports: CapturedExport[] = [];
    try {
      instrumentation.setLoggerProvider(loggerProvider);
      spanExports = await captureTraceExports({ protocol: "http/protobuf", gzip: true }, async (tracer, flush, provider) => {
        instrumentation.setTracerProvider(provider);
        definition?.patch?.(openaiModule);
        const client = new openaiModule.OpenAI({ baseURL: `${server.url}/v1`, apiKey: "test" });
        for (const question of ["Weather in Paris?", "Weather in Rome?"]) {
          await tracer.startActiveSpan("agent", async (root) => {
            traceIds.push(root.spanContext().traceId);
            const messages: import("openai").OpenAI.ChatCompletionMessageParam[] = [{ role: "system", content: "Use tools." }, { role: "user", content: question }];
            const first = await client.chat.completions.create({ model: "gpt-4o-mini", messages, tools: [weatherTool] });
            const call = first.choices[0]?.message.tool_calls?.[0];
            if (call?.type !== "function") throw new Error("the test server should ask for a tool");
            messages.push(first.choices[0]!.message, { role: "tool", tool_call_id: call.id, content: "18C" });
            await client.chat.completions.create({ model: "gpt-4o-mini", messages, tools: [weatherTool] });
            root.end();
          });
          // One span export per run, so the second run's spans can be sent after the logs.
          await flush();
        }
      });
      await loggerProvider.forceFlush();
    } finally {
      definition?.unpatch?.(openaiModule);
      await loggerProvider.shutdown();
      await logCapture.close();
      await server.close();
    }
    expect(spanExports).toHaveLength(2);
    expect(logCapture.exports).toHaveLength(1);
    const [spansFirst, logsFirst] = traceIds;
    const joinedSteps = ["message:system:Use tools.", "message:user:Weather in Paris?", "tool_call:assistant:get_weather", "message:assistant:It is 18C in Paris."];

    // Spans first: they carry no content (instrumentation-openai puts it in log events), so each model call is a step with its tokens.
    await replayAll([spanExports[0]!]);
    const spansOnly = await traceOf(spansFirst!);
    expect(summary(spansOnly?.steps ?? [])).toEqual(["message:assistant:", "message:assistant:"]);
    expect(spansOnly?.steps[0]).toMatchObject({ content: null, tokensIn: 31, tokensOut: 7 });

    // The log events of both runs: the first trace gets its messages; the second, whose spans have not come, is built from them.
    await replayAll(logCapture.exports, postLogs);
    const joined = await traceOf(spansFirst!);
    expect(summary(joined?.steps ?? [])).toEqual(joinedSteps);
    expect(joined?.steps[2]).toMatchObject({ toolCallId: "call_oi1", arguments: { city: "Paris" }, result: "18C", tokensIn: 31, tokensOut: 7 });
    expect(joined?.steps[3]).toMatchObject({ tokensIn: 52, tokensOut: 9 });
    expect(summary((await traceOf(logsFirst!))?.steps ?? [])).toEqual(joinedSteps.map((step) => step.replace("Paris?", "Rome?")));

    // Then the second run's spans: the same steps, now with their tokens.
    await replayAll([spanExports[1]!]);
    const late = await traceOf(logsFirst!);
    expect(summary(late?.steps ?? [])).toEqual(joinedSteps.map((step) => step.replace("Paris?", "Rome?")));
    expect(late?.steps[2]).toMatchObject({ toolCallId: "call_oi1", tokensIn: 31, tokensOut: 7 });

    // Re-sending the logs changes nothing.
    const before = (await traceOf(spansFirst!))?.steps;
    await replayAll(logCapture.exports, postLogs);
    expect((await traceOf(spansFirst!))?.steps).toEqual(before);
  });
});

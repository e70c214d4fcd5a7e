import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, BatchTraceProcessor, OpenAIProvider, OpenAITracingExporter, Runner, setTraceProcessors, setTracingDisabled, tool, type TracingProcessor } from "@openai/agents";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { POST as postTraces } from "@/app/api/v1/traces/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { deleteProject, makeProject } from "@/lib/testing/factories";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

/**
 * The README's processor, as written there: the SDK exports a response span as its response_id
 * only (request and response are private fields); this copies them where the export keeps them.
 */
const keepResponseContent: TracingProcessor = {
  async onTraceStart() {},
  async onTraceEnd() {},
  async onSpanStart() {},
  async onSpanEnd(span) {
    const data = span.spanData as { type: string; _input?: unknown; _response?: unknown };
    if (data.type === "response") Object.assign(data, { input: data._input, response: data._response });
  },
  async shutdown() {},
  async forceFlush() {},
};

const db = getDb();
let project: { id: string };
let key: string;
let server: Server;
let baseUrl: string;
// Set per run: the SDK's batch processor, so the model server can send what has ended so far.
let flushTraces: () => Promise<void> = async () => {};
const answers: { status: number; body: { accepted: number; updated: number; pending: number; duplicates: number; rejected: unknown[] } ; sent: string }[] = [];

const usage = [
  { input: 31, output: 9 },
  { input: 47, output: 12 },
];

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += String(chunk);
  return body;
}

function sendJson(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}

/** A local OpenAI-compatible model: asks for get_weather once, then answers with the tool's result. */
async function answerModel(url: string, body: Record<string, unknown>, response: ServerResponse) {
  const hasResult = JSON.stringify(body).includes("18C and sunny");
  // The second model call comes after the tool ran: send the spans that ended meanwhile as a batch of their own.
  if (hasResult) await flushTraces();
  const turn = usage[hasResult ? 1 : 0] ?? { input: 0, output: 0 };
  const reply = "It is 18C and sunny in Paris.";
  const call = { name: "get_weather", arguments: JSON.stringify({ city: "Paris" }) };
  if (url.endsWith("/responses")) {
    const output = hasResult
      ? [{ type: "message", id: "msg_1", role: "assistant", status: "completed", content: [{ type: "output_text", text: reply, annotations: [] }] }]
      : [{ type: "function_call", id: "fc_1", call_id: "call_weather", status: "completed", ...call }];
    const tokens = { input_tokens: turn.input, output_tokens: turn.output, total_tokens: turn.input + turn.output, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
    sendJson(response, 200, { id: `resp_${hasResult ? 2 : 1}`, object: "response", created_at: 1, status: "completed", model: "local-policy", output, usage: tokens });
    return;
  }
  const message = hasResult ? { role: "assistant", content: reply } : { role: "assistant", content: null, tool_calls: [{ id: "call_weather", type: "function", function: call }] };
  sendJson(response, 200, {
    id: `chatcmpl_${hasResult ? 2 : 1}`,
    object: "chat.completion",
    created: 1,
    model: "local-policy",
    choices: [{ index: 0, message, finish_reason: hasResult ? "stop" : "tool_calls" }],
    usage: { prompt_tokens: turn.input, completion_tokens: turn.output, total_tokens: turn.input + turn.output },
  });
}

/** The trace ingest goes to the real route handler, as the app serves it. */
async function answerTraces(request: IncomingMessage, body: string, response: ServerResponse) {
  const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const answer = await postTraces(new NextRequest(`${baseUrl}${request.url ?? ""}`, { method: "POST", headers, body }), { params: Promise.resolve({}) });
  const text = await answer.text();
  answers.push({ status: answer.status, body: JSON.parse(text) as (typeof answers)[number]["body"], sent: body });
  response.writeHead(answer.status, { "content-type": "application/json" });
  response.end(text);
}

beforeAll(async () => {
  project = await makeProject(db, "agents-sdk");
  key = (await createApiKey(db, { projectId: project.id, name: "agents-sdk", actor: systemActor })).key;
  server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      if (request.url?.startsWith("/api/v1/traces")) await answerTraces(request, body, response);
      else await answerModel(request.url ?? "", JSON.parse(body) as Record<string, unknown>, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The SDK turns tracing off when NODE_ENV is "test".
  setTracingDisabled(false);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await deleteProject(db, project.id);
});

/** One agent run with a tool, traced by the SDK's own exporter into /api/v1/traces?format=openai-agents. */
async function runTracedAgent(useResponses: boolean, { keepContent = true } = {}) {
  const exporter = new OpenAITracingExporter({ apiKey: key, endpoint: `${baseUrl}/api/v1/traces?format=openai-agents` });
  const batches = new BatchTraceProcessor(exporter, { scheduleDelay: 60_000 });
  setTraceProcessors(keepContent ? [keepResponseContent, batches] : [batches]);
  flushTraces = () => batches.forceFlush();
  // A runner of its own: the module's default runner keeps the model provider it first saw.
  const runner = new Runner({ modelProvider: new OpenAIProvider({ apiKey: "local", baseURL: `${baseUrl}/v1`, useResponses }) });
  const getWeather = tool({
    name: "get_weather",
    description: "The weather in a city",
    parameters: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      // The trace and the first model call's span go as the first batch, while the run goes on.
      await batches.forceFlush();
      return `18C and sunny in ${city}`;
    },
  });
  const agent = new Agent({ name: "Weather desk", instructions: "You answer questions about the weather.", model: "local-policy", tools: [getWeather] });
  const first = answers.length;
  const result = await runner.run(agent, "What is the weather in Paris?");
  await batches.shutdown();
  const sent = answers.slice(first);
  const traceIds = new Set(sent.flatMap(({ sent: body }) => (JSON.parse(body) as { data: { trace_id?: string; object: string; id: string }[] }).data.map((item) => item.trace_id ?? item.id)));
  expect(traceIds.size).toBe(1);
  const [traceId] = [...traceIds];
  const trace = await db.trace.findUnique({ where: { projectId_externalId: { projectId: project.id, externalId: `openai-agents:${traceId}` } }, include: { steps: { orderBy: { index: "asc" } } } });
  return { result, sent, trace };
}

function shapeOf(steps: { type: string; role: string; content: string | null; toolName: string | null; result: unknown }[]) {
  return steps.map((step) => [step.type, step.role, step.toolName ?? step.content, step.result ?? null]);
}

describe("the OpenAI Agents SDK's own exporter into /api/v1/traces?format=openai-agents", () => {
  it("keeps the user turn, one tool call with its result, the reply and the tokens of a run on the Responses API, sent in three batches", async () => {
    const { result, sent, trace } = await runTracedAgent(true);
    expect(result.finalOutput).toBe("It is 18C and sunny in Paris.");
    expect(sent.map(({ status }) => status)).toEqual([200, 200, 200]);
    // The first batch stores the trace; each later one adds its spans to it.
    expect(sent.map(({ body }) => [body.accepted, body.updated, body.pending, body.duplicates, body.rejected.length])).toEqual([
      [1, 0, 0, 0, 0],
      [0, 1, 0, 0, 0],
      [0, 1, 0, 0, 0],
    ]);
    // The Responses API takes the instructions beside the input, so the SDK's request holds no system message.
    expect(shapeOf(trace?.steps ?? [])).toEqual([
      ["message", "user", "What is the weather in Paris?", null],
      ["tool_call", "assistant", "get_weather", "18C and sunny in Paris"],
      ["message", "assistant", "It is 18C and sunny in Paris.", null],
    ]);
    expect(trace?.steps.map((step) => [step.tokensIn, step.tokensOut])).toEqual([[null, null], [31, 9], [47, 12]]);
    expect(trace?.totalTokens).toBe(31 + 9 + 47 + 12);
  });

  it("keeps the system prompt, the user turn, one tool call with its result, the reply and the tokens of a run on chat completions", async () => {
    const { result, sent, trace } = await runTracedAgent(false);
    expect(result.finalOutput).toBe("It is 18C and sunny in Paris.");
    expect(sent.map(({ body }) => [body.accepted, body.updated])).toEqual([[1, 0], [0, 1], [0, 1]]);
    expect(shapeOf(trace?.steps ?? [])).toEqual([
      ["message", "system", "You answer questions about the weather.", null],
      ["message", "user", "What is the weather in Paris?", null],
      ["tool_call", "assistant", "get_weather", "18C and sunny in Paris"],
      ["message", "assistant", "It is 18C and sunny in Paris.", null],
    ]);
    expect(trace?.steps.map((step) => [step.tokensIn, step.tokensOut])).toEqual([[null, null], [null, null], [31, 9], [47, 12]]);
  });

  it("keeps each Responses model call's tokens and timing, and the tool call with its result, from the exporter alone (no text is in its export)", async () => {
    const { sent, trace } = await runTracedAgent(true, { keepContent: false });
    // Without text the first batch (the trace and its agent span) has nothing to show: it waits for the rest.
    expect(sent.map(({ body }) => [body.accepted, body.updated, body.pending])).toEqual([[0, 0, 1], [1, 0, 0], [0, 1, 0]]);
    expect(trace?.steps.map((step) => [step.type, step.role, step.toolName ?? step.content, step.result ?? null, step.tokensIn, step.tokensOut])).toEqual([
      ["message", "assistant", null, null, 31, 9],
      ["tool_call", "assistant", "get_weather", "18C and sunny in Paris", null, null],
      ["message", "assistant", null, null, 47, 12],
    ]);
  });

  it("answers a batch sent again as duplicates and leaves the trace as it was", async () => {
    const { sent, trace } = await runTracedAgent(false);
    const again = await postTraces(
      new NextRequest(`${baseUrl}/api/v1/traces?format=openai-agents`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: sent[1]?.sent ?? "" }),
      { params: Promise.resolve({}) },
    );
    expect(await again.json()).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    const after = await db.trace.findUnique({ where: { id: trace?.id ?? "" }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(shapeOf(after?.steps ?? [])).toEqual(shapeOf(trace?.steps ?? []));
  });
});

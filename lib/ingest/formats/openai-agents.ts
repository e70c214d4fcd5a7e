import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { compareTimes, spanMs, timeOf } from "../../traces/messages/compare-times";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asCount, asString, isRecord, nonEmpty, omitKeys, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { appendTurn, attachToolExecution } from "../../traces/messages/merge-conversation";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { toIsoTime } from "../../traces/messages/to-iso-time";
import type { FormatReader, Mapped } from "./format-reader";
import { itemsFromDocument, itemsFromLines, mapGroupedItems, unwrapDataArray, type SourceItem } from "./group-source-items";
import { readObservationMessages } from "./langfuse-messages";
import { parseSource } from "./parse-source";

/*
 * The OpenAI Agents SDK's trace export: what its tracing exporter posts to /v1/traces/ingest,
 * `{"data": [item, ...]}`, each item a Trace.export() or Span.export() (openai-agents-python@7f7a44f8
 * src/agents/tracing/traces.py and spans.py; span_data shapes in span_data.py; the JS SDK's
 * packages/agents-core/src/tracing/spans.ts toJSON() at openai-agents-js@6d0c61a5 writes the same):
 *   {"object": "trace", "id": "trace_<32 hex>", "workflow_name", "group_id", "metadata"}
 *   {"object": "trace.span", "id": "span_<24 hex>", "trace_id", "parent_id", "started_at",
 *    "ended_at", "span_data": {"type": "agent" | "generation" | "function" | "response" |
 *    "handoff" | "guardrail" | "custom" | ..., ...}, "error": {"message", "data"} | null}
 */
const spanSchema = z.looseObject({
  object: z.literal("trace.span"),
  id: z.string(),
  trace_id: z.string().min(1),
  parent_id: z.string().nullish(),
  started_at: z.string().nullish(),
  ended_at: z.string().nullish(),
  span_data: z.looseObject({ type: z.string() }),
  error: z.looseObject({ message: z.string() }).nullish(),
});
const traceSchema = z.looseObject({ object: z.literal("trace"), id: z.string().min(1), workflow_name: z.string().nullish() });

type Span = z.infer<typeof spanSchema>;

/**
 * Reads the `{"data": [...]}` payload, a JSON array of items, or JSONL (an item or a payload per
 * line). Items are grouped by trace id; steps come from generation spans (their input replays the
 * history, so only new messages are added) and function spans (tool calls with their output);
 * a handoff is a `handoff` tool call. Response spans carry only a response id and usage in the
 * export (the SDK keeps the Responses API content out of it), so a run on the Responses model
 * gives its tool calls, not its text. Every item stays in metadata.openaiAgents.
 * externalId: "openai-agents:" + trace id.
 */
export const openaiAgentsReader: FormatReader = {
  mapDocument: (value) => mapItems(itemsFromDocument(value, unwrapDataArray)),
  mapLines: (lines) => mapItems(itemsFromLines(lines, unwrapDataArray)),
  // The exporter sends a trace's spans as they end, in batches: each span is one part, by its id.
  parts: {
    itemsOf: (metadata) => {
      const kept = isRecord(metadata) && isRecord(metadata.openaiAgents) ? metadata.openaiAgents : {};
      return [...(isRecord(kept.trace) ? [kept.trace] : []), ...(Array.isArray(kept.spans) ? kept.spans : [])];
    },
    keyOf: (item) => (isRecord(item) ? asString(item.id) : null),
    mapItems: (items) => mapItems(itemsFromDocument(items, unwrapDataArray)),
  },
};

function mapItems(items: SourceItem[]): Mapped[] {
  return mapGroupedItems(
    items,
    traceIdOf,
    'not an OpenAI Agents trace item (expected "object": "trace" with an id, or "trace.span" with a trace_id)',
    mapTrace,
  );
}

function traceIdOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  if (value.object === "trace") return asString(value.id);
  if (value.object === "trace.span") return asString(value.trace_id);
  return null;
}

function mapTrace(traceId: string, items: SourceItem[]): Mapped {
  let header: JsonObject | undefined;
  const spans: Span[] = [];
  for (const item of items) {
    const where = item.line !== undefined ? `line ${item.line}` : `index ${item.index ?? 0}`;
    if (isRecord(item.value) && item.value.object === "trace") header = parseSource(traceSchema, item.value, where);
    else spans.push(parseSource(spanSchema, item.value, where));
  }
  const ordered = [...spans].sort((a, b) => compareTimes(timeOf(a.started_at), timeOf(b.started_at)));
  const agents = new Map(spans.filter((span) => span.span_data.type === "agent").map((span) => [span.id, asString(span.span_data.name)]));
  const byId = new Map(spans.map((span) => [span.id, span]));
  const conversation: ChatMessage[] = [];
  const turnsUsed = new Set<string>();
  for (const span of ordered) {
    const agent = findAgent(span, byId, agents);
    if (span.span_data.type === "generation") addGeneration(conversation, span, agent);
    if (span.span_data.type === "response" && isRecord(span.span_data.response)) addGeneration(conversation, asGeneration(span), agent);
    else if (span.span_data.type === "response") addModelCall(conversation, span, agent, findTurn(span, byId, turnsUsed));
    if (span.span_data.type === "function") addFunction(conversation, span, agent);
    if (span.span_data.type === "handoff") addHandoff(conversation, span);
  }
  const steps = messagesToSteps(conversation);
  const trace: TraceInput = {
    ...deriveInputOutput(steps),
    startedAt: toIsoTime(ordered[0]?.started_at),
    task: asString(header?.workflow_name),
    metadata: { openaiAgents: { trace: header ?? null, spans } },
    steps,
  };
  return { ok: true, trace, sourceId: `openai-agents:${traceId}` };
}

function addGeneration(conversation: ChatMessage[], span: Span, agent: string | null) {
  const data = span.span_data;
  const tag: JsonObject = { spanId: span.id, ...(agent ? { agent } : {}) };
  const input = readObservationMessages(data.input ?? [], "input").messages;
  const output = readObservationMessages(data.output ?? [], "output").messages;
  for (const message of input) message.metadata = { ...message.metadata, ...tag };
  const usage = usageOf(data);
  output.forEach((message, index) => {
    message.metadata = { ...message.metadata, ...tag, ...(index === 0 && typeof data.model === "string" ? { model: data.model } : {}) };
    if (index > 0) return;
    message.tokensIn = usage.input;
    message.tokensOut = usage.output;
    message.startedAt = toIsoTime(span.started_at);
    message.latencyMs = latencyOf(span);
    if (span.error) message.error = span.error.message;
  });
  // After a handoff the next agent's calls start with its own instructions: they are new, the history after them is not.
  const leadingSystem = input.findIndex((message) => message.role !== "system");
  const instructions = leadingSystem === -1 ? input : input.slice(0, leadingSystem);
  for (const message of instructions) {
    if (!conversation.some((known) => known.role === "system" && known.content === message.content)) conversation.push(message);
  }
  appendTurn(conversation, input.slice(instructions.length), output);
}

/**
 * A response span as a generation. The SDK exports only its response_id: the request and the
 * response are private fields (`_input`, `_response`). The processor in docs/traces.md copies them to
 * `input` and `response` before export, and then they read like a generation's.
 */
function asGeneration(span: Span): Span {
  const { input, response } = span.span_data;
  const model = isRecord(response) ? asString(response.model) : null;
  return { ...span, span_data: { type: "generation", input: input ?? [], output: response, ...(model ? { model } : {}) } };
}

/**
 * A response span as exported by default: no text, but the JS SDK's turn span around it carries
 * the model call's usage. It is a step of its own (model call, tokens, timing) when that usage is
 * known; a turn's usage goes to its first model call only.
 */
function addModelCall(conversation: ChatMessage[], span: Span, agent: string | null, turn: Span | null) {
  const data = turn && isRecord(turn.span_data.data) ? turn.span_data.data : {};
  const usage = isRecord(data.usage) ? data.usage : null;
  if (!usage) return;
  const responseId = asString(span.span_data.response_id);
  conversation.push({
    role: "assistant",
    content: null,
    toolCalls: [],
    tokensIn: asCount(usage.input_tokens),
    tokensOut: asCount(usage.output_tokens),
    startedAt: toIsoTime(span.started_at),
    latencyMs: latencyOf(span),
    metadata: { spanId: span.id, ...(responseId ? { responseId } : {}), ...(agent ? { agent } : {}) },
  });
}

/** The JS SDK's turn span (a custom span, sdk_span_type "turn") above this one, if its usage is not given to a model call yet. */
function findTurn(span: Span, byId: Map<string, Span>, used: Set<string>): Span | null {
  let parentId = span.parent_id ?? null;
  for (let depth = 0; parentId && depth < 64; depth++) {
    const parent = byId.get(parentId);
    if (!parent) return null;
    if (parent.span_data.type === "custom" && isRecord(parent.span_data.data) && parent.span_data.data.sdk_span_type === "turn") {
      if (used.has(parent.id)) return null;
      used.add(parent.id);
      return parent;
    }
    parentId = parent.parent_id ?? null;
  }
  return null;
}

/** Tokens from the span's usage, else from the usage of a chat completion or response in its output. */
function usageOf(data: JsonObject): { input: number | null; output: number | null } {
  const sources = [data.usage, ...(Array.isArray(data.output) ? data.output : [data.output]).map((item) => (isRecord(item) ? item.usage : undefined))];
  for (const usage of sources) {
    if (!isRecord(usage)) continue;
    const input = asCount(usage.input_tokens) ?? asCount(usage.prompt_tokens);
    const output = asCount(usage.output_tokens) ?? asCount(usage.completion_tokens);
    if (input !== null || output !== null) return { input, output };
  }
  return { input: null, output: null };
}

function addFunction(conversation: ChatMessage[], span: Span, agent: string | null) {
  const data = span.span_data;
  attachToolExecution(conversation, {
    id: null,
    name: asString(data.name) ?? "function",
    arguments: parseJsonArguments(data.input),
    result: data.output ?? null,
    error: span.error?.message ?? null,
    startedAt: toIsoTime(span.started_at),
    latencyMs: latencyOf(span),
    metadata: { spanId: span.id, ...(agent ? { agent } : {}), ...nonEmpty(omitKeys(data, ["type", "name", "input", "output"])) },
  });
}

/** A handoff is the model's call of its transfer_to_<agent> tool; without one it is a `handoff` call of its own. */
function addHandoff(conversation: ChatMessage[], span: Span) {
  const handoff = { from_agent: span.span_data.from_agent ?? null, to_agent: span.span_data.to_agent ?? null };
  const calls = conversation.flatMap((message) => message.toolCalls);
  const transfer = calls.findLast((call) => call.name.startsWith("transfer_to_") && call.result === undefined && !call.metadata?.handoff);
  if (transfer) {
    transfer.metadata = { ...transfer.metadata, handoff: { ...handoff, spanId: span.id } };
    return;
  }
  conversation.push({
    role: "assistant",
    content: null,
    toolCalls: [
      {
        id: null,
        name: "handoff",
        arguments: handoff,
        result: handoff.to_agent,
        error: span.error?.message ?? null,
        startedAt: toIsoTime(span.started_at),
        metadata: { spanId: span.id },
      },
    ],
  });
}

/** The nearest agent span above this one, whose name says which agent acted. */
function findAgent(span: Span, byId: Map<string, Span>, agents: Map<string, string | null>): string | null {
  let parentId = span.parent_id ?? null;
  for (let depth = 0; parentId && depth < 64; depth++) {
    if (agents.has(parentId)) return agents.get(parentId) ?? null;
    parentId = byId.get(parentId)?.parent_id ?? null;
  }
  return null;
}

function latencyOf(span: Span): number | null {
  return spanMs(span.started_at, span.ended_at);
}

import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { compareTimes, spanMs, timeOf } from "../../traces/messages/compare-times";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asCount, asString, isRecord, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { appendTurn, attachToolExecution } from "../../traces/messages/merge-conversation";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { SourceError } from "../../traces/messages/source-error";
import { toIsoTime } from "../../traces/messages/to-iso-time";
import type { FormatReader, Mapped } from "./format-reader";
import { itemsFromDocument, itemsFromLines, mapGroupedItems, unwrapDataArray, type SourceItem } from "./group-source-items";
import { flattenAttributes, readOpenInferenceMessages, type FlatAttributes } from "./phoenix-attributes";

/*
 * Arize Phoenix span exports, in the two shapes Phoenix gives them:
 * - the REST API's spans (GET /v1/projects/{id}/spans answers {"data": [span], "next_cursor"}):
 *   {name, context: {trace_id, span_id}, span_kind, parent_id, start_time, end_time, status_code,
 *   status_message, attributes: {"llm.input_messages.0.message.role": ..., ...}, events}
 *   (Arize-ai/phoenix@9478f954 src/phoenix/server/api/routers/v1/spans.py, class Span);
 * - `px.Client().spans.get_spans_dataframe()` written with `df.to_json(orient="records")`
 *   (or lines=True): columns name, span_kind, parent_id, start_time, end_time, status_code,
 *   status_message, events, context.span_id, context.trace_id and attributes.* (phoenix
 *   src/phoenix/trace/dsl/query.py get_spans_dataframe), e.g. attributes.llm.input_messages =
 *   [{"message.role": "user", "message.content": "..."}]; times are ISO text or epoch milliseconds.
 * Attributes follow OpenInference: llm.input_messages / llm.output_messages, llm.model_name,
 * llm.token_count.prompt / completion, tool.name, input.value, output.value, openinference.span.kind.
 */
type Span = {
  spanId: string;
  parentId: string | null;
  name: string;
  kind: string;
  start: string | null;
  end: string | null;
  status: string | null;
  statusMessage: string | null;
  attributes: FlatAttributes;
};

/**
 * Phoenix spans (a JSON array, `{"data": [...]}`, or JSONL of spans) grouped into one trace per
 * trace id, in start order. LLM spans give messages (each one's input replays the history, so only
 * new messages are added), TOOL spans are attached to the call the model made, and the root span's
 * input.value / output.value are the trace's input and output when no message gives them. Every
 * span stays in metadata.phoenix.spans. externalId: "phoenix:" + trace id.
 */
export const phoenixReader: FormatReader = {
  mapDocument: (value) => mapItems(itemsFromDocument(value, unwrapDataArray)),
  mapLines: (lines) => mapItems(itemsFromLines(lines, unwrapDataArray)),
  // Spans are exported as they end: each span is one part, by its span id.
  parts: {
    itemsOf: (metadata) => {
      const kept = isRecord(metadata) && isRecord(metadata.phoenix) ? metadata.phoenix : {};
      return Array.isArray(kept.spans) ? kept.spans : [];
    },
    keyOf: (item) => (isRecord(item) ? (asString(item["context.span_id"]) ?? (isRecord(item.context) ? asString(item.context.span_id) : null)) : null),
    mapItems: (items) => mapItems(itemsFromDocument(items, unwrapDataArray)),
  },
};

function mapItems(items: SourceItem[]): Mapped[] {
  return mapGroupedItems(items, traceIdOf, "not a Phoenix span (expected context.trace_id and context.span_id)", mapTrace);
}

function traceIdOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  return asString(value["context.trace_id"]) ?? (isRecord(value.context) ? asString(value.context.trace_id) : null);
}

function mapTrace(traceId: string, items: SourceItem[]): Mapped {
  const spans = items.map((item) => readSpan(item.value, item.line !== undefined ? `line ${item.line}` : `index ${item.index ?? 0}`));
  const ordered = [...spans].sort((a, b) => compareTimes(timeOf(a.start), timeOf(b.start)));
  const ids = new Set(spans.map((span) => span.spanId));
  const root = spans.find((span) => !span.parentId || !ids.has(span.parentId));
  const conversation: ChatMessage[] = [];
  for (const span of ordered) {
    if (span.kind === "LLM") addLlmSpan(conversation, span);
    if (span.kind === "TOOL") addToolSpan(conversation, span);
  }
  const steps = messagesToSteps(conversation);
  const derived = deriveInputOutput(steps);
  const trace: TraceInput = {
    input: derived.input ?? asString(root?.attributes.get("input.value")),
    output: derived.output ?? asString(root?.attributes.get("output.value")),
    task: root?.name ?? null,
    startedAt: root?.start ?? null,
    metadata: { phoenix: { traceId, spans: items.map((item) => item.value) } },
    steps,
  };
  return { ok: true, trace, sourceId: `phoenix:${traceId}` };
}

function readSpan(value: unknown, where: string): Span {
  if (!isRecord(value)) throw new SourceError(where, "expected a span object");
  const context = isRecord(value.context) ? value.context : {};
  const spanId = asString(value["context.span_id"]) ?? asString(context.span_id);
  if (!spanId) throw new SourceError(`${where}.context.span_id`, "missing span id");
  const attributes = flattenAttributes(isRecord(value.attributes) ? value.attributes : {});
  // The dataframe puts each attribute in its own "attributes.<name>" column.
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith("attributes.")) flattenAttributes(item, `${key.slice("attributes.".length)}.`, attributes);
  }
  const kind = asString(value.span_kind) ?? asString(attributes.get("openinference.span.kind")) ?? "UNKNOWN";
  return {
    spanId,
    parentId: asString(value.parent_id),
    name: asString(value.name) ?? "",
    kind: kind.toUpperCase(),
    start: readTime(value.start_time),
    end: readTime(value.end_time),
    status: asString(value.status_code),
    statusMessage: asString(value.status_message),
    attributes,
  };
}

function addLlmSpan(conversation: ChatMessage[], span: Span) {
  const { attributes } = span;
  const tag: JsonObject = { spanId: span.spanId };
  const input = readOpenInferenceMessages(attributes, "llm.input_messages");
  const output = readOpenInferenceMessages(attributes, "llm.output_messages");
  for (const message of input) message.metadata = tag;
  const model = asString(attributes.get("llm.model_name"));
  output.forEach((message, index) => {
    message.metadata = { ...tag, ...(index === 0 && model ? { model } : {}) };
    if (index > 0) return;
    message.tokensIn = asCount(attributes.get("llm.token_count.prompt"));
    message.tokensOut = asCount(attributes.get("llm.token_count.completion"));
    message.startedAt = span.start;
    message.latencyMs = spanMs(span.start, span.end);
    if (span.status === "ERROR") message.error = span.statusMessage || "error";
  });
  appendTurn(conversation, input, output);
}

function addToolSpan(conversation: ChatMessage[], span: Span) {
  const { attributes } = span;
  attachToolExecution(conversation, {
    id: asString(attributes.get("tool_call.id")),
    name: asString(attributes.get("tool.name")) ?? span.name,
    arguments: parseJsonArguments(attributes.get("input.value") ?? null),
    result: attributes.get("output.value") ?? null,
    error: span.status === "ERROR" ? span.statusMessage || "error" : null,
    startedAt: span.start,
    latencyMs: spanMs(span.start, span.end),
    metadata: { spanId: span.spanId },
  });
}

/** ISO text, or the epoch milliseconds pandas writes by default. */
function readTime(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value) && value > 1e11) return new Date(value).toISOString();
  return toIsoTime(value);
}

import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asFiniteNumber, asString, omitKeys, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { appendTurn, attachToolExecution } from "../../traces/messages/merge-conversation";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { nanosToIso } from "../../traces/messages/to-iso-time";
import type { FormatReader, LineValue, Mapped } from "./format-reader";
import type { OtelLogEvent } from "./otel-log-events";
import { readLogEventMessages } from "./otel-log-events";
import { readSpan } from "./otel-read-span";
import { readOtlpSpans, type OtelSpan } from "./otel-spans";
import { isVercelCallSpan } from "./otel-vercel-ai";

/**
 * OTLP/HTTP JSON (`{resourceSpans: [{resource, scopeSpans: [{scope, spans}]}]}`) with OpenTelemetry
 * GenAI spans: one trace per traceId in the document (or JSONL line). Inference spans give the
 * conversation (history replayed in later spans is not repeated); `execute_tool` spans give or
 * complete tool_call steps (gen_ai.tool.name, gen_ai.tool.call.id/arguments/result). Each step's
 * metadata.span holds its spanId, parentSpanId and name; all spans with decoded attributes are
 * kept in metadata.otel. `gen_ai.evaluation.result` span events become outcome.scores.
 * externalId: "otel:" + traceId.
 */
export const otelReader: FormatReader = {
  mapRecord: (value) => mapRequest(value),
  mapDocument: (value) => mapRequest(value),
  mapLines: (lines) => mapExportLines(lines),
};

/**
 * OTLP JSONL (one export per line, as the Collector's file exporter writes): a trace whose spans
 * are on several lines is one trace. A line that is not an OTLP export is reported by its line.
 */
function mapExportLines(lines: readonly LineValue[]): Mapped[] {
  const out: Mapped[] = [];
  const resourceSpans: unknown[] = [];
  // Each trace is located where it starts: its first line, and its order among the traces that start there.
  const startOf = new Map<string, { line: number; index: number }>();
  for (const { line, value } of lines) {
    const read = readOtlpSpans(value);
    if (!read.ok) {
      out.push({ ok: false, error: read.error, line });
      continue;
    }
    out.push(...read.errors.map((error): Mapped => ({ ok: false, error, line })));
    resourceSpans.push(...(value as { resourceSpans: unknown[] }).resourceSpans);
    let index = 0;
    for (const span of read.spans) if (!startOf.has(span.traceId)) startOf.set(span.traceId, { line, index: index++ });
  }
  if (resourceSpans.length === 0) return out;
  // Span errors were reported above with their line; the merged read's traces (and traces with no steps) are what is new.
  // mapRequest numbers traces in the order their first span comes, which is startOf's order.
  const starts = [...startOf.values()];
  const merged = mapRequest({ resourceSpans }).filter((mapped) => mapped.index !== undefined);
  return [...out, ...merged.map((mapped) => ({ ...mapped, ...starts[mapped.index!] }))];
}

function mapRequest(value: unknown): Mapped[] {
  const read = readOtlpSpans(value);
  if (!read.ok) return [{ ok: false, error: read.error }];
  const out: Mapped[] = read.errors.map((error) => ({ ok: false, error }));
  const byTrace = new Map<string, OtelSpan[]>();
  for (const span of read.spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
  [...byTrace.entries()].forEach(([traceId, spans], index) => {
    const trace = mapOtelTrace({ traceId, spans, resources: read.resources });
    if (trace.steps?.length === 0) out.push({ ok: false, error: noStepsError(traceId, spans.length), index });
    else out.push({ ok: true, trace, sourceId: `otel:${traceId}`, index });
  });
  return out;
}

/**
 * One trace from its spans and the GenAI log events tied to them (either may be missing: log
 * events of a span not received yet stand in for it at their own time).
 */
export function mapOtelTrace({ traceId, spans, resources, logs = [] }: { traceId: string; spans: OtelSpan[]; resources: JsonObject[]; logs?: OtelLogEvent[] }): TraceInput {
  const logsBySpan = new Map<string, OtelLogEvent[]>();
  for (const event of logs) logsBySpan.set(event.spanId ?? "", [...(logsBySpan.get(event.spanId ?? "") ?? []), event]);
  const known = new Set(spans.map((span) => span.spanId));
  const standIns = [...logsBySpan.entries()].filter(([spanId]) => !known.has(spanId)).map(([spanId, events]) => standInSpan(traceId, spanId, events));
  const ordered = [...spans, ...standIns].sort((a, b) => (a.start === b.start ? 0 : (a.start ?? 0n) < (b.start ?? 0n) ? -1 : 1));
  const hasVercelCalls = ordered.some((span) => isVercelCallSpan(span.attributes));
  const conversation: ChatMessage[] = [];
  const scores: Record<string, number> = {};
  for (const span of ordered) {
    const { attributes } = span;
    const spanMeta = { spanId: span.spanId, parentSpanId: span.parentSpanId, name: span.name, operation: asString(attributes["gen_ai.operation.name"]) };
    const timing = { startedAt: span.start === null ? null : nanosToIso(span.start), latencyMs: durationMs(span) };
    const reading = readSpan(span, { hasVercelCalls });
    const events = logsBySpan.get(span.spanId) ?? [];
    if (reading.kind === "tool") {
      attachToolExecution(conversation, {
        id: reading.id,
        name: reading.name,
        arguments: parseJsonArguments(reading.arguments),
        result: parseJsonArguments(reading.result),
        error: span.isError ? (span.statusMessage ?? asString(attributes["error.type"]) ?? "error") : null,
        ...timing,
        metadata: { span: spanMeta },
      });
    } else if (reading.kind === "inference" || events.length > 0) {
      // Log events carry what the span leaves out (instrumentation-openai puts content only there).
      const fromEvents = readLogEventMessages(events);
      const input = reading.kind === "inference" && reading.input.length > 0 ? reading.input : fromEvents.input;
      const output = reading.kind === "inference" && reading.output.length > 0 ? reading.output : fromEvents.output;
      // A model call with no content recorded still is a step: its model, tokens and timing.
      if (output.length === 0) output.push({ role: "assistant", content: null, toolCalls: [] });
      for (const message of input) message.metadata = { ...message.metadata, span: spanMeta };
      output.forEach((message, index) => {
        message.metadata = { ...message.metadata, span: spanMeta };
        if (index > 0 || reading.kind !== "inference") return;
        if (reading.model) message.metadata.model = reading.model;
        message.tokensIn = reading.tokensIn;
        message.tokensOut = reading.tokensOut;
        Object.assign(message, timing);
      });
      appendTurn(conversation, input, output);
    }
    for (const event of span.events) {
      if (event.name !== "gen_ai.evaluation.result") continue;
      const name = asString(event.attributes["gen_ai.evaluation.name"]);
      const score = asFiniteNumber(event.attributes["gen_ai.evaluation.score.value"]);
      if (name && score !== null) scores[name] = score;
    }
  }
  const steps = messagesToSteps(conversation);
  const first = ordered.find((span) => span.start !== null)?.start ?? null;
  const environment = readEnvironment(resources);
  return {
    startedAt: first === null ? null : nanosToIso(first),
    ...(environment ? { environment } : {}),
    ...deriveInputOutput(steps),
    ...(Object.keys(scores).length > 0 ? { outcome: { scores, ...(scores.reward !== undefined ? { reward: scores.reward } : {}) } } : {}),
    metadata: {
      otel: {
        traceId,
        resources,
        spans: ordered.filter((span) => known.has(span.spanId)).map((span) => omitKeys(span.raw, ["traceId"])),
        ...(logs.length > 0 ? { logs: logs.map((event) => omitKeys(event.raw, ["traceId"])) } : {}),
      },
    },
    steps,
  };
}

/**
 * The trace's environment from its resource: `goodhart.environment` (set with
 * OTEL_RESOURCE_ATTRIBUTES), else the service's `service.name` (the SDKs' "unknown_service…"
 * default is no name).
 */
function readEnvironment(resources: JsonObject[]): string | null {
  const attributesOf = (resource: JsonObject) => (resource.attributes ?? {}) as JsonObject;
  for (const key of ["goodhart.environment", "service.name"]) {
    for (const resource of resources) {
      const value = asString(attributesOf(resource)[key])?.trim();
      if (value && !value.startsWith("unknown_service")) return value.slice(0, 200);
    }
  }
  return null;
}

/** Why a trace is not stored: nothing in it reads as a model call, a message or a tool call. */
export function noStepsError(traceId: string, spanCount: number): string {
  return `trace ${traceId}: none of its ${spanCount} span(s) is a model call, message or tool call (no gen_ai.*, ai.*, llm.* or tool attributes, and no GenAI log events); nothing was stored`;
}

/** Log events whose span has not arrived: a span of their own, at the first event's time. */
function standInSpan(traceId: string, spanId: string, events: OtelLogEvent[]): OtelSpan {
  const times = events.map((event) => event.time).filter((time): time is bigint => time !== null);
  const start = times.length > 0 ? times.reduce((a, b) => (a < b ? a : b)) : null;
  return { traceId, spanId, parentSpanId: null, name: "", start, end: null, attributes: {}, events: [], isError: false, statusMessage: null, raw: {}, source: { resource: {}, scope: null, span: {} } };
}

function durationMs(span: OtelSpan): number | null {
  if (span.start === null || span.end === null || span.end < span.start) return null;
  return Number(span.end - span.start) / 1e6;
}

import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../messages/chat-message";
import { deriveInputOutput } from "../messages/derive-input-output";
import { asCount, asFiniteNumber, asString, omitKeys, parseJsonArguments, type JsonObject } from "../messages/json-value";
import { appendTurn, attachToolExecution } from "../messages/merge-conversation";
import { messagesToSteps } from "../messages/messages-to-steps";
import { nanosToIso } from "../messages/to-iso-time";
import type { FormatReader, Mapped } from "./format-reader";
import { readOtlpSpans, type OtelSpan } from "./otel-spans";
import { readSpanMessages } from "./otel-span-messages";

const inferenceOperations = ["chat", "text_completion", "generate_content"];

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
};

function mapRequest(value: unknown): Mapped[] {
  const read = readOtlpSpans(value);
  if (!read.ok) return [{ ok: false, error: read.error }];
  const out: Mapped[] = read.errors.map((error) => ({ ok: false, error }));
  const byTrace = new Map<string, OtelSpan[]>();
  for (const span of read.spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
  [...byTrace.entries()].forEach(([traceId, spans], index) => {
    out.push({ ok: true, trace: mapTrace(traceId, spans, read.resources), sourceId: `otel:${traceId}`, index });
  });
  return out;
}

function mapTrace(traceId: string, spans: OtelSpan[], resources: JsonObject[]): TraceInput {
  const ordered = [...spans].sort((a, b) => (a.start === b.start ? 0 : (a.start ?? 0n) < (b.start ?? 0n) ? -1 : 1));
  const conversation: ChatMessage[] = [];
  const scores: Record<string, number> = {};
  for (const span of ordered) {
    const { attributes } = span;
    const operation = asString(attributes["gen_ai.operation.name"]);
    const spanMeta = { spanId: span.spanId, parentSpanId: span.parentSpanId, name: span.name, operation };
    const timing = { startedAt: span.start === null ? null : nanosToIso(span.start), latencyMs: durationMs(span) };
    if (operation === "execute_tool") {
      attachToolExecution(conversation, {
        id: asString(attributes["gen_ai.tool.call.id"]),
        name: asString(attributes["gen_ai.tool.name"]) ?? span.name.replace(/^execute_tool\s*/, ""),
        arguments: parseJsonArguments(attributes["gen_ai.tool.call.arguments"]),
        result: parseJsonArguments(attributes["gen_ai.tool.call.result"]),
        error: span.isError ? (span.statusMessage ?? asString(attributes["error.type"]) ?? "error") : null,
        ...timing,
        metadata: { span: spanMeta },
      });
    } else {
      const { input, output } = readSpanMessages(attributes);
      if (input.length > 0 || output.length > 0 || (operation !== null && inferenceOperations.includes(operation))) {
        for (const message of input) message.metadata = { ...message.metadata, span: spanMeta };
        output.forEach((message, index) => {
          message.metadata = { ...message.metadata, span: spanMeta };
          if (index > 0) return;
          const model = asString(attributes["gen_ai.response.model"]) ?? asString(attributes["gen_ai.request.model"]);
          if (model) message.metadata.model = model;
          message.tokensIn = asCount(attributes["gen_ai.usage.input_tokens"] ?? attributes["gen_ai.usage.prompt_tokens"]);
          message.tokensOut = asCount(attributes["gen_ai.usage.output_tokens"] ?? attributes["gen_ai.usage.completion_tokens"]);
          Object.assign(message, timing);
        });
        appendTurn(conversation, input, output);
      }
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
  return {
    startedAt: first === null ? null : nanosToIso(first),
    ...deriveInputOutput(steps),
    ...(Object.keys(scores).length > 0 ? { outcome: { scores, ...(scores.reward !== undefined ? { reward: scores.reward } : {}) } } : {}),
    metadata: { otel: { traceId, resources, spans: ordered.map((span) => omitKeys(span.raw, ["traceId"])) } },
    steps,
  };
}

function durationMs(span: OtelSpan): number | null {
  if (span.start === null || span.end === null || span.end < span.start) return null;
  return Number(span.end - span.start) / 1e6;
}

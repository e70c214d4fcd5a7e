import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asCount, asFiniteNumber, asString, isRecord, omitKeys, type JsonObject } from "../../json/json-value";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { toIsoTime } from "../../traces/messages/to-iso-time";
import type { Mapped } from "./format-reader";
import { scoreValueToNumbers } from "./inspect-score";
import { normalizeMessages, parseSource } from "./parse-source";

const sampleSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  epoch: z.number().int().optional(),
  messages: z.array(z.unknown()).default([]),
  scores: z.record(z.string(), z.unknown()).nullish(),
  uuid: z.string().optional(),
  attachments: z.record(z.string(), z.string()).optional(),
  events: z.array(z.unknown()).optional(),
});

type Timing = Pick<ChatMessage, "tokensIn" | "tokensOut" | "startedAt" | "latencyMs">;
type ModelCall = Timing & { model: string | null };

/**
 * One Inspect sample as a trace. outcome.scores: every scorer's value as a number (see
 * scoreValueToNumbers); outcome.reward: the first scorer's number; success: reward >= 1 (so "C"
 * is a success, "P" and "I" are not). Per-step tokens and timing come from the sample's model and
 * tool events, matched by message id, else (older logs, whose messages have no ids) in order;
 * with no model events, the sample's own `output.model` and `model_usage` go on its last reply.
 * externalId: "inspect:<eval_id>:<id>:<epoch>" (the same for a log written as .json and as .eval),
 * else "inspect:" + sample uuid, else the content hash. The log's header (eval spec, plan, results, stats) is kept in metadata.log.
 */
export function mapInspectSample(value: unknown, header: JsonObject): Mapped {
  const sample = parseSource(sampleSchema, value);
  const attachments = sample.attachments ?? {};
  const messages = normalizeMessages(resolveAttachments(sample.messages, attachments) as unknown[], "messages");
  applyEventTiming(messages, sample.events ?? []);
  applySampleUsage(messages, sample);
  const steps = messagesToSteps(messages);

  const scores: Record<string, number> = {};
  let reward: number | undefined;
  for (const [name, score] of Object.entries(sample.scores ?? {})) {
    const numbers = scoreValueToNumbers(name, isRecord(score) ? score.value : undefined);
    Object.assign(scores, numbers);
    reward ??= numbers[name];
  }
  const evalSpec = isRecord(header.eval) ? header.eval : {};
  const derived = deriveInputOutput(steps);
  const trace: TraceInput = {
    source: "rollout",
    environment: asString(evalSpec.task),
    task: String(sample.id),
    run: asString(evalSpec.run_id),
    startedAt: toIsoTime(sample.started_at) ?? firstEventTime(sample.events ?? []),
    input: typeof sample.input === "string" ? sample.input : derived.input,
    output: derived.output,
    outcome: {
      ...(reward !== undefined ? { reward, success: reward >= 1 } : {}),
      ...(Object.keys(scores).length > 0 ? { scores } : {}),
    },
    metadata: {
      sampleId: sample.id,
      epoch: sample.epoch ?? null,
      sample: omitKeys(sample, ["messages"]),
      log: logContext(header, sample.id),
    },
    steps,
  };
  const evalId = asString(evalSpec.eval_id);
  const sourceId = evalId ? `inspect:${evalId}:${sample.id}:${sample.epoch ?? 1}` : sample.uuid ? `inspect:${sample.uuid}` : null;
  return { ok: true, trace, sourceId };
}

/** Inspect logs may move long strings into `attachments` and refer to them as "attachment://<hash>". */
function resolveAttachments(value: unknown, attachments: Record<string, string>): unknown {
  if (typeof value === "string") {
    return value.startsWith("attachment://") ? (attachments[value.slice("attachment://".length)] ?? value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveAttachments(item, attachments));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveAttachments(item, attachments)]));
}

function applyEventTiming(messages: ChatMessage[], events: unknown[]) {
  const byMessageId = new Map<string, ModelCall>();
  const byToolCallId = new Map<string, Timing>();
  const modelCalls: ModelCall[] = [];
  for (const event of events) {
    if (!isRecord(event)) continue;
    const timing: Timing = { startedAt: toIsoTime(event.timestamp), latencyMs: secondsToMs(event.working_time) };
    if (event.event === "model" && isRecord(event.output)) {
      const choices: unknown[] = Array.isArray(event.output.choices) ? event.output.choices : [];
      const choice = choices[0];
      const id = isRecord(choice) && isRecord(choice.message) ? asString(choice.message.id) : null;
      const usage = isRecord(event.output.usage) ? event.output.usage : {};
      const call = { ...timing, tokensIn: asCount(usage.input_tokens), tokensOut: asCount(usage.output_tokens), model: asString(event.output.model) ?? asString(event.model) };
      modelCalls.push(call);
      if (id) byMessageId.set(id, call);
    } else if (event.event === "tool" && typeof event.id === "string") {
      byToolCallId.set(event.id, timing);
    }
  }
  // Older logs: no message ids, so the n-th model call made the n-th reply.
  const inOrder = byMessageId.size === 0 && !messages.some((m) => m.role === "assistant" && asString(m.metadata?.id)) ? [...modelCalls] : [];
  for (const message of messages) {
    const id = asString(message.metadata?.id);
    const found = id ? byMessageId.get(id) : message.role === "assistant" ? inOrder.shift() : undefined;
    if (found && message.role === "assistant") {
      const { model, ...timing } = found;
      Object.assign(message, timing);
      if (model) message.metadata = { ...message.metadata, model };
    }
    for (const call of message.toolCalls) {
      const toolTiming = call.id ? byToolCallId.get(call.id) : undefined;
      if (toolTiming) Object.assign(call, { startedAt: toolTiming.startedAt, latencyMs: toolTiming.latencyMs });
    }
  }
}

/** A sample with no model events: its output's model and its model_usage (summed over models) on the last reply. */
function applySampleUsage(messages: ChatMessage[], sample: z.infer<typeof sampleSchema>) {
  const replies = messages.filter((m) => m.role === "assistant");
  const last = replies.at(-1);
  if (!last || replies.some((m) => m.tokensIn != null || m.tokensOut != null)) return;
  const output = isRecord(sample.output) ? sample.output : {};
  const usages = isRecord(sample.model_usage) ? Object.values(sample.model_usage).filter(isRecord) : isRecord(output.usage) ? [output.usage] : [];
  const sum = (field: string) => (usages.some((u) => asCount(u[field]) !== null) ? usages.reduce((total, u) => total + (asCount(u[field]) ?? 0), 0) : null);
  last.tokensIn = sum("input_tokens");
  last.tokensOut = sum("output_tokens");
  const model = asString(output.model) ?? (isRecord(sample.model_usage) ? (Object.keys(sample.model_usage)[0] ?? null) : null);
  if (model && !last.metadata?.model) last.metadata = { ...last.metadata, model };
}

function logContext(header: JsonObject, sampleId: string | number): JsonObject {
  const reductions = Array.isArray(header.reductions)
    ? header.reductions.filter(isRecord).map((reduction) => ({
        ...omitKeys(reduction, ["samples"]),
        samples: (Array.isArray(reduction.samples) ? reduction.samples : []).filter((entry) => isRecord(entry) && String(entry.sample_id) === String(sampleId)),
      }))
    : undefined;
  return { ...omitKeys(header, ["samples", "reductions"]), ...(reductions ? { reductions } : {}) };
}

function firstEventTime(events: unknown[]): string | null {
  const first = events.find(isRecord);
  return first ? toIsoTime(first.timestamp) : null;
}

function secondsToMs(value: unknown): number | null {
  const seconds = asFiniteNumber(value);
  return seconds !== null && seconds >= 0 ? seconds * 1000 : null;
}

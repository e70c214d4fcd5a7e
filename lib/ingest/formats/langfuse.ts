import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asCount, asFiniteNumber, asString, isRecord, parseJsonDeep, type JsonObject } from "../../json/json-value";
import { appendTurn, attachToolExecution } from "../../traces/messages/merge-conversation";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { toIsoTime } from "../../traces/messages/to-iso-time";
import type { FormatReader, Mapped } from "./format-reader";
import { readObservationMessages } from "./langfuse-messages";
import { systemInstructionText, toContentParts } from "./parts-messages";
import { mapSafely } from "./map-safely";
import { parseSource } from "./parse-source";

const observationSchema = z.looseObject({ id: z.string(), type: z.string() });
const traceSchema = z.looseObject({ id: z.string().min(1), scores: z.array(z.unknown()).optional(), observations: z.array(observationSchema).optional() });
const exportSchema = z.object({ trace: traceSchema, observations: z.array(observationSchema).optional() });

type Observation = z.infer<typeof observationSchema>;

/**
 * A Langfuse trace export `{trace, observations}` (or the API's trace object with its
 * `observations` inside; then those are used). Steps are rebuilt from the GENERATION
 * observations in start order (each one's input replays the history, so only new messages are
 * added) and TOOL observations (attached to the matching tool call). Numeric trace scores become
 * outcome.scores (a score named "reward" also outcome.reward). The full trace and observations,
 * JSON strings decoded, stay in metadata.langfuse. externalId: "langfuse:" + trace.id.
 */
export const langfuseReader: FormatReader = {
  mapDocument: (value) => mapSafely(undefined, () => mapExport(value)),
  // An export of a trace still running holds the observations so far: each observation is one part, by its id.
  parts: {
    itemsOf: (metadata) => {
      const kept = isRecord(metadata) && isRecord(metadata.langfuse) ? metadata.langfuse : {};
      return [...(isRecord(kept.trace) ? [{ trace: kept.trace }] : []), ...(Array.isArray(kept.observations) ? kept.observations : [])];
    },
    keyOf: (item) => (isRecord(item) ? (isRecord(item.trace) ? "trace" : asString(item.id)) : null),
    mapItems: (items) => {
      const header = items.find((item) => isRecord(item) && isRecord(item.trace));
      const observations = items.filter((item) => item !== header);
      return mapSafely(undefined, () => mapExport({ trace: isRecord(header) ? header.trace : undefined, observations }));
    },
  },
};

function mapExport(value: unknown): Mapped {
  // GET /api/public/traces/{id} answers the trace itself, observations inside.
  const isBareTrace = isRecord(value) && !("trace" in value) && "observations" in value;
  const parsed = parseSource(exportSchema, isBareTrace ? { trace: value } : value);
  const { trace } = parsed;
  const observations = parsed.observations ?? trace.observations ?? [];
  const ordered = [...observations].sort((a, b) => compareTimes(timeOf(a.startTime), timeOf(b.startTime)));
  const conversation: ChatMessage[] = [];
  const wrappers = findWrapperGenerations(observations);
  for (const observation of ordered) {
    if (observation.type === "GENERATION" && !wrappers.has(observation.id)) addGeneration(conversation, observation);
    if (isToolObservation(observation)) addTool(conversation, observation);
  }
  const steps = messagesToSteps(conversation);
  const derived = deriveInputOutput(steps);
  const scores = readScores(trace.scores ?? []);
  const rawTrace = decodeFields(trace);
  const result: TraceInput = {
    startedAt: toIsoTime(trace.timestamp),
    input: derived.input ?? textOf(rawTrace.input),
    output: derived.output ?? textOf(rawTrace.output),
    ...(Object.keys(scores).length > 0 ? { outcome: { scores, ...(scores.reward !== undefined ? { reward: scores.reward } : {}) } } : {}),
    metadata: { langfuse: { trace: rawTrace, observations: observations.map(decodeFields) } },
    steps,
  };
  return { ok: true, trace: result, sourceId: `langfuse:${trace.id}` };
}

/**
 * Generations that hold other generations (an agent run logged as a generation around its model
 * calls, as agno's instrumentation does): their messages and usage are their children's again, so
 * only the innermost calls are read.
 */
function findWrapperGenerations(observations: Observation[]): Set<string> {
  const byId = new Map(observations.map((observation) => [observation.id, observation]));
  const wrappers = new Set<string>();
  for (const observation of observations) {
    if (observation.type !== "GENERATION") continue;
    let parentId = asString(observation.parentObservationId);
    for (let depth = 0; parentId && depth < 256; depth++) {
      const parent = byId.get(parentId);
      if (!parent) break;
      if (parent.type === "GENERATION") wrappers.add(parent.id);
      parentId = asString(parent.parentObservationId);
    }
  }
  return wrappers;
}

/** TOOL observations, and spans that name a tool (an OTel exporter whose tool spans Langfuse kept as SPAN). */
function isToolObservation(observation: Observation): boolean {
  if (observation.type === "TOOL") return true;
  if (observation.type !== "SPAN") return false;
  return Boolean(asString(attributesOf(observation)["gen_ai.tool.name"])) || toolSpanName.test(asString(observation.name) ?? "");
}

// Where an OTel exporter's span keeps what Langfuse did not map to the observation's input or output.
const sideAttributes = {
  input: ["gen_ai.input.messages", "gcp.vertex.agent.llm_request", "gen_ai.tool.call.arguments", "gcp.vertex.agent.tool_call_args"],
  output: ["gen_ai.output.messages", "gcp.vertex.agent.llm_response", "gen_ai.tool.call.result", "gcp.vertex.agent.tool_response"],
};

/** The observation's input or output, JSON decoded; when it has none, the span attribute that holds it. */
function sideOf(observation: Observation, side: "input" | "output"): unknown {
  const value = parseJsonDeep(observation[side]);
  if (value !== null && value !== undefined && value !== "") return value;
  const attributes = attributesOf(observation);
  const key = sideAttributes[side].find((name) => attributes[name] !== undefined && attributes[name] !== null);
  return key ? parseJsonDeep(attributes[key]) : value;
}

function attributesOf(observation: Observation): JsonObject {
  const metadata = parseJsonDeep(observation.metadata);
  return isRecord(metadata) && isRecord(metadata.attributes) ? metadata.attributes : {};
}

function addGeneration(conversation: ChatMessage[], observation: Observation) {
  const tag = { observationId: observation.id, parentObservationId: observation.parentObservationId ?? null };
  const input = readObservationMessages(sideOf(observation, "input"), "input").messages;
  // OTel GenAI keeps the system prompt in its own attribute, beside the input messages.
  const instructions = systemInstructionText(toContentParts(listOfParts(attributesOf(observation)["gen_ai.system_instructions"])));
  if (instructions && !input.some((message) => message.role === "system")) input.unshift({ role: "system", content: instructions, toolCalls: [] });
  const output = readObservationMessages(sideOf(observation, "output"), "output").messages;
  for (const message of input) message.metadata = { ...message.metadata, ...tag };
  output.forEach((message, index) => {
    message.metadata = { ...message.metadata, ...tag, ...(index === 0 && observation.model ? { model: observation.model } : {}) };
    if (index > 0) return;
    const tokens = tokensOf(observation);
    message.tokensIn = tokens.input;
    message.tokensOut = tokens.output;
    message.startedAt = toIsoTime(observation.startTime);
    message.latencyMs = latencyOf(observation);
  });
  appendTurn(conversation, input, output);
}

/**
 * The generation's usage as Langfuse records it, else as the model's own answer gives it (an
 * integration that sent no usage): OpenAI's `usage`, Gemini's `usage_metadata`.
 */
function tokensOf(observation: Observation): { input: number | null; output: number | null } {
  const usage = isRecord(observation.usageDetails) ? observation.usageDetails : isRecord(observation.usage) ? observation.usage : {};
  const input = asCount(usage.input) ?? asCount(observation.inputUsage) ?? asCount(observation.promptTokens);
  const output = asCount(usage.output) ?? asCount(observation.outputUsage) ?? asCount(observation.completionTokens);
  if (input !== null || output !== null) return { input, output };
  const answer = sideOf(observation, "output");
  const reported = isRecord(answer) ? (answer.usage ?? answer.usage_metadata ?? answer.usageMetadata) : undefined;
  if (!isRecord(reported)) return { input: null, output: null };
  return {
    input: asCount(reported.prompt_tokens) ?? asCount(reported.input_tokens) ?? asCount(reported.prompt_token_count) ?? asCount(reported.promptTokenCount),
    output: asCount(reported.completion_tokens) ?? asCount(reported.output_tokens) ?? asCount(reported.candidates_token_count) ?? asCount(reported.candidatesTokenCount),
  };
}

function addTool(conversation: ChatMessage[], observation: Observation) {
  attachToolExecution(conversation, {
    id: null,
    name: toolNameOf(observation),
    arguments: sideOf(observation, "input"),
    result: sideOf(observation, "output"),
    error: observation.level === "ERROR" ? (asString(observation.statusMessage) ?? "error") : null,
    startedAt: toIsoTime(observation.startTime),
    latencyMs: latencyOf(observation),
    metadata: { observationId: observation.id, parentObservationId: observation.parentObservationId ?? null },
  });
}

function readScores(list: unknown[]): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const score of list) {
    if (!isRecord(score) || typeof score.name !== "string") continue;
    const value = asFiniteNumber(score.value);
    if (value === null) continue;
    // Two scores of one name (say, two judges' runs) stay apart, keyed by the score's id.
    const suffix = typeof score.id === "string" ? score.id : String(Object.keys(scores).length);
    const key = score.name in scores ? `${score.name}.${suffix}` : score.name;
    scores[key] = value;
  }
  return scores;
}

/** Langfuse exports input, output and metadata as JSON text (sometimes twice encoded). */
function decodeFields(record: JsonObject): JsonObject {
  const out: JsonObject = { ...record };
  for (const key of ["input", "output", "metadata"]) if (key in out) out[key] = parseJsonDeep(out[key]);
  return out;
}

// pydantic-ai names its tool spans "running tool: X", OTel GenAI "execute_tool X": the tool is X (its attribute says so too).
const toolSpanName = /^(?:running tool: ?|execute_tool )(.+)$/;

function toolNameOf(observation: Observation): string {
  const fromAttribute = asString(attributesOf(observation)["gen_ai.tool.name"]);
  if (fromAttribute) return fromAttribute;
  const name = asString(observation.name) ?? "tool";
  return toolSpanName.exec(name)?.[1]?.trim() || name;
}

// The observation's own start and end times first: exports differ in the unit of `latency` (seconds
// in Langfuse's API, milliseconds in some exports), so it is only the fallback, read as seconds.
function latencyOf(observation: Observation): number | null {
  const span = timeOf(observation.endTime) - timeOf(observation.startTime);
  if (Number.isFinite(span) && span >= 0) return span;
  const seconds = asFiniteNumber(observation.latency);
  return seconds !== null && seconds >= 0 ? seconds * 1000 : null;
}

function timeOf(value: unknown): number {
  const iso = toIsoTime(value);
  return iso ? Date.parse(iso) : Number.POSITIVE_INFINITY;
}

// Observations without a start time go last, in file order (the sort is stable).
function compareTimes(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function listOfParts(value: unknown): unknown[] {
  const parsed = parseJsonDeep(value);
  if (Array.isArray(parsed)) return parsed;
  return parsed === undefined || parsed === null ? [] : [parsed];
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

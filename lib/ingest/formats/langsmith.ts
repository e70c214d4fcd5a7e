import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import type { ChatMessage } from "../../traces/messages/chat-message";
import { compareTimes, spanMs, timeOf } from "../../traces/messages/compare-times";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { asCount, asFiniteNumber, asString, isRecord, parseJsonArguments, type JsonObject } from "../../json/json-value";
import { appendTurn, attachToolExecution } from "../../traces/messages/merge-conversation";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { toIsoTime } from "../../traces/messages/to-iso-time";
import type { FormatReader, Mapped } from "./format-reader";
import { itemsFromDocument, itemsFromLines, mapGroupedItems, type SourceItem } from "./group-source-items";
import { readRunMessages, unwrapSerialized } from "./langsmith-messages";
import { parseSource } from "./parse-source";

/*
 * LangSmith runs, as `client.list_runs(...)` gives them and a runs export writes them (one
 * `Run.model_dump(mode="json")` per JSONL line, or a JSON array): langsmith-sdk@bc8dd672
 * python/langsmith/schemas.py RunBase and Run: id, name, run_type ("llm" | "chain" | "tool" |
 * "retriever" | ...), start_time, end_time, inputs, outputs, error, extra, parent_run_id,
 * trace_id, dotted_order, prompt_tokens, completion_tokens, feedback_stats, ...
 */
const runSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().nullish(),
  run_type: z.string(),
  trace_id: z.string().nullish(),
  parent_run_id: z.string().nullish(),
  dotted_order: z.string().nullish(),
  start_time: z.unknown().optional(),
  end_time: z.unknown().optional(),
  inputs: z.unknown().optional(),
  outputs: z.unknown().optional(),
  error: z.string().nullish(),
});
type Run = z.infer<typeof runSchema>;

/**
 * A LangSmith runs export (JSONL of runs, or a JSON array), grouped into one trace per trace_id
 * and ordered by dotted_order. Steps come from llm runs (each one's input replays the history, so
 * only new messages are added) and tool runs (attached to the call the model made). The root
 * run's inputs and outputs are the trace's input and output when no message gives them; its
 * feedback averages are outcome scores. Every run stays in metadata.langsmith.runs.
 * externalId: "langsmith:" + trace_id.
 */
export const langsmithReader: FormatReader = {
  mapDocument: (value) => mapItems(itemsFromDocument(value, (list) => (Array.isArray(list) ? list : null))),
  mapLines: (lines) => mapItems(itemsFromLines(lines, () => null)),
  // Runs are posted as they start and end: each run is one part, by its id.
  parts: {
    itemsOf: (metadata) => {
      const kept = isRecord(metadata) && isRecord(metadata.langsmith) ? metadata.langsmith : {};
      return Array.isArray(kept.runs) ? kept.runs : [];
    },
    keyOf: (item) => (isRecord(item) ? asString(item.id) : null),
    mapItems: (items) => mapItems(itemsFromDocument(items, (list) => (Array.isArray(list) ? list : null))),
  },
};

function mapItems(items: SourceItem[]): Mapped[] {
  const parents = new Map<string, string | null>();
  for (const { value } of items) if (isRecord(value) && typeof value.id === "string") parents.set(value.id, asString(value.parent_run_id));
  return mapGroupedItems(
    items,
    (value) => traceIdOf(value, parents),
    "not a LangSmith run (expected an object with id and run_type, and trace_id or a parent in the file)",
    mapTrace,
  );
}

/** trace_id; runs written before LangSmith had one belong to the root found through parent_run_id (Run.__init__ defaults it to the run's own id). */
function traceIdOf(value: unknown, parents: Map<string, string | null>): string | null {
  if (!isRecord(value) || typeof value.run_type !== "string") return null;
  const traceId = asString(value.trace_id);
  if (traceId) return traceId;
  let id = asString(value.id);
  for (let depth = 0; id && depth < 1000; depth++) {
    const parent = parents.get(id);
    if (parent === undefined) return null;
    if (parent === null) return id;
    id = parent;
  }
  return null;
}

function mapTrace(traceId: string, items: SourceItem[]): Mapped {
  const runs = items.map((item) => parseSource(runSchema, item.value, item.line !== undefined ? `line ${item.line}` : `index ${item.index ?? 0}`));
  const ordered = [...runs].sort(byExecutionOrder);
  const root = runs.find((run) => !run.parent_run_id) ?? ordered[0];
  const conversation: ChatMessage[] = [];
  for (const run of ordered) {
    if (run.run_type === "llm") addLlmRun(conversation, run);
    if (run.run_type === "tool") addToolRun(conversation, run);
  }
  const steps = messagesToSteps(conversation);
  const derived = deriveInputOutput(steps);
  const scores = readFeedback(root);
  const trace: TraceInput = {
    input: derived.input ?? textOf(root?.inputs),
    output: derived.output ?? textOf(root?.outputs),
    task: root?.name ?? null,
    startedAt: toIsoTime(root?.start_time),
    ...(Object.keys(scores).length > 0 ? { outcome: { scores } } : {}),
    metadata: { langsmith: { traceId, runs } },
    steps,
  };
  return { ok: true, trace, sourceId: `langsmith:${traceId}` };
}

// dotted_order is "<time>Z<id>" per ancestor, so it sorts runs in execution order; start time is the fallback.
function byExecutionOrder(a: Run, b: Run): number {
  if (a.dotted_order && b.dotted_order) return a.dotted_order < b.dotted_order ? -1 : a.dotted_order > b.dotted_order ? 1 : 0;
  return compareTimes(timeOf(a.start_time), timeOf(b.start_time));
}

function addLlmRun(conversation: ChatMessage[], run: Run) {
  const input = readRunMessages(run.inputs, "input");
  const output = readRunMessages(run.outputs, "output");
  const tag: JsonObject = { runId: run.id };
  for (const message of input) message.metadata = { ...message.metadata, ...tag };
  const model = modelOf(run);
  output.forEach((message, index) => {
    message.metadata = { ...message.metadata, ...tag, ...(index === 0 && model ? { model } : {}) };
    if (index > 0) return;
    message.tokensIn = asCount(run.prompt_tokens) ?? message.tokensIn ?? null;
    message.tokensOut = asCount(run.completion_tokens) ?? message.tokensOut ?? null;
    message.startedAt = toIsoTime(run.start_time);
    message.latencyMs = spanMs(run.start_time, run.end_time);
  });
  if (output.length === 0 && run.error) output.push({ role: "assistant", content: null, toolCalls: [], error: run.error, metadata: tag });
  appendTurn(conversation, input, output);
}

function addToolRun(conversation: ChatMessage[], run: Run) {
  const inputs = isRecord(run.inputs) ? run.inputs : {};
  const outputs = isRecord(run.outputs) ? run.outputs : {};
  // LangChain tools log {"input": "<args>"} and {"output": <ToolMessage or value>}; @traceable logs the arguments and {"output": value}.
  const output = unwrapSerialized(outputs.output ?? run.outputs ?? null);
  const message = isRecord(output) && output.type === "tool" ? output : null;
  attachToolExecution(conversation, {
    id: asString(message?.tool_call_id) ?? asString(inputs.tool_call_id),
    name: run.name ?? "tool",
    arguments: "input" in inputs ? parseJsonArguments(inputs.input) : inputs,
    result: message ? (message.content ?? null) : output,
    error: run.error ?? null,
    startedAt: toIsoTime(run.start_time),
    latencyMs: spanMs(run.start_time, run.end_time),
    metadata: { runId: run.id },
  });
}

function modelOf(run: Run): string | null {
  const extra = isRecord(run.extra) ? run.extra : {};
  const metadata = isRecord(extra.metadata) ? extra.metadata : {};
  const params = isRecord(extra.invocation_params) ? extra.invocation_params : {};
  return asString(metadata.ls_model_name) ?? asString(params.model) ?? asString(params.model_name);
}

/** feedback_stats: {"correctness": {"n": 2, "avg": 0.5, ...}} gives the score correctness 0.5. */
function readFeedback(run: Run | undefined): Record<string, number> {
  const scores: Record<string, number> = {};
  const stats = isRecord(run?.feedback_stats) ? run.feedback_stats : {};
  for (const [key, value] of Object.entries(stats)) {
    const avg = isRecord(value) ? asFiniteNumber(value.avg) : null;
    if (avg !== null) scores[key] = avg;
  }
  return scores;
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (isRecord(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return null;
    const only = keys.length === 1 ? value[keys[0] ?? ""] : undefined;
    if (typeof only === "string") return only;
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

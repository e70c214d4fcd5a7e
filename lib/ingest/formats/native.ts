import { z } from "zod";
import type { TraceInput } from "../../traces/trace-schema";
import { formatIssuePath } from "../format-zod-error";
import { deriveInputOutput } from "../../traces/messages/derive-input-output";
import { isRecord } from "../../json/json-value";
import { messagesToSteps } from "../../traces/messages/messages-to-steps";
import { SourceError } from "../../traces/messages/source-error";
import { nativeStepFieldNames, nativeTraceFieldNames, nativeTraceInputSchema } from "../native-trace-input";
import type { FormatReader, Mapped } from "./format-reader";
import { mapSafely } from "./map-safely";
import { normalizeMessages } from "./parse-source";

/**
 * The native format: `{"traces": [...]}`, a JSON array of traces, one trace object, or JSONL with
 * one trace (or one `{"traces": [...]}` batch) per line. Each trace is checked strictly (an unknown
 * field is rejected by name, never dropped); `messages` and a top-level `reward` are accepted as
 * aliases of steps and outcome.reward. externalId is the trace's own when it has one.
 */
export const nativeReader: FormatReader = {
  mapRecord: (value) => (isRecord(value) && Array.isArray(value.traces) ? fromList(value.traces) : mapSafely(undefined, () => mapNativeTrace(value))),
  mapDocument: (value) => {
    if (Array.isArray(value)) return fromList(value);
    if (isRecord(value) && Array.isArray(value.traces)) return fromList(value.traces);
    if (isRecord(value) && "traces" in value) return [{ ok: false, error: "traces: expected an array of traces" }];
    return mapSafely(undefined, () => mapNativeTrace(value));
  },
};

function fromList(items: unknown[]): Mapped[] {
  return items.flatMap((item, index) => mapSafely(index, () => ({ ...mapNativeTrace(item), index })));
}

/** Validates one native trace and resolves its aliases into the canonical trace. */
export function mapNativeTrace(value: unknown): Mapped {
  if (!isRecord(value)) throw new SourceError("", `expected a trace object, received ${Array.isArray(value) ? "array" : value === null ? "null" : typeof value}`);
  const parsed = nativeTraceInputSchema.safeParse(value);
  if (!parsed.success) throw new SourceError("", describeIssues(parsed.error));
  const { messages, reward, steps, outcome, ...rest } = parsed.data;
  if (messages && steps) throw new SourceError("messages", "give steps or messages, not both");
  if (reward !== undefined && reward !== null && outcome?.reward !== undefined && outcome.reward !== null && outcome.reward !== reward) {
    throw new SourceError("reward", `is ${reward} but outcome.reward is ${outcome.reward}; give one`);
  }
  const mergedOutcome = reward === undefined || reward === null ? outcome : { ...outcome, reward };
  const fromMessages = messages ? messagesToSteps(normalizeMessages(messages, "messages")) : undefined;
  const derived = fromMessages ? deriveInputOutput(fromMessages) : { input: null, output: null };
  const trace: TraceInput = {
    ...rest,
    input: rest.input ?? derived.input,
    output: rest.output ?? derived.output,
    ...(mergedOutcome ? { outcome: mergedOutcome } : {}),
    steps: fromMessages ?? steps ?? [],
  };
  return { ok: true, trace };
}

/** Like formatZodError, but an unknown field says which fields there are and where the rest goes. */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => {
    const path = formatIssuePath(issue.path);
    if (issue.code !== "unrecognized_keys") return path ? `${path}: ${issue.message}` : issue.message;
    const isStep = issue.path.length > 0;
    const keys = issue.keys.map((key) => JSON.stringify(key)).join(", ");
    const text = `unknown field${issue.keys.length > 1 ? "s" : ""} ${keys} (a native ${isStep ? "step" : "trace"} has ${(isStep ? nativeStepFieldNames : nativeTraceFieldNames).join(", ")}; put anything else in metadata)`;
    return path ? `${path}: ${text}` : text;
  });
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join("; ")} (and ${more} more)` : shown.join("; ");
}

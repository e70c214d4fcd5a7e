import { findJsonValueProblem, formatJsonPath } from "../json/find-json-value-problem";
import { MAX_JSON_DEPTH } from "../json/json-limits";
import { traceSchema, type Trace } from "../traces/trace-schema";
import { formatZodError } from "./format-zod-error";
import { hashTrace } from "../traces/hash-trace";

export const nothingToStore = "nothing to store: the record gives no steps, messages, input or output";

export type FinalizedTrace = { ok: true; trace: Trace; externalId: string } | { ok: false; error: string };

/**
 * Validates a mapped trace against the native schema (applying its defaults) and fixes its
 * externalId: the trace's own, else the source id, else the content hash. A trace with no steps,
 * input or output is rejected; so is one nested too deep to hash and store, or holding a lone
 * surrogate, with the field.
 */
export function finalizeTrace(input: unknown, sourceId?: string | null): FinalizedTrace {
  const problem = findJsonValueProblem(input, { maxDepth: MAX_JSON_DEPTH });
  if (problem) return { ok: false, error: `${formatJsonPath(problem.path)}: ${problem.message}` };
  const hasOwnId = isObject(input) && Boolean(input.externalId);
  const withId = sourceId && isObject(input) && !hasOwnId ? { ...input, externalId: sourceId } : input;
  const parsed = traceSchema.safeParse(withId);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  // A record that maps to nothing is a record we could not read, never an empty trace to store.
  if (parsed.data.steps.length === 0 && !parsed.data.input && !parsed.data.output) {
    return { ok: false, error: nothingToStore };
  }
  const externalId = parsed.data.externalId ?? hashTrace(parsed.data);
  return { ok: true, trace: { ...parsed.data, externalId }, externalId };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

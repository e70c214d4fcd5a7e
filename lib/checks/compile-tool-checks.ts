import { clip } from "./check-evidence";
import { compileStatelessRegex } from "./stateless-regex";
import type { CheckOutcome, CompiledCheck } from "./compiled-check";
import { describeRange } from "./compile-text-checks";
import { parseJsonPath, resolveJsonPath } from "./json-path";
import type { ToolArgument } from "./rubric-item-schema";
import type { TraceView } from "./trace-view";

type ToolCall = TraceView["toolCalls"][number];

/**
 * "Was `tool` called?", or with `argument`, "was it called with that argument?" (e.g. issue_refund
 * with the order_id the reply names). `isNegated` gives tool_not_called: the same evidence with
 * yes and no swapped. When the value to compare with is taken from the reply or the user's turn
 * and they name none, the question has no answer: n/a.
 */
export function compileToolCalledCheck({ tool, argument }: { tool: string; argument?: ToolArgument }, isNegated: boolean): CompiledCheck {
  const decide = (isCalled: boolean, evidence: string): CheckOutcome => ({ answer: isCalled !== isNegated ? "yes" : "no", evidence });
  if (!argument) {
    return (view) => {
      const call = view.toolCalls.find((c) => c.name === tool);
      return call ? decide(true, `${tool} called at steps[${call.index}]`) : decide(false, `${tool} never called`);
    };
  }
  const segments = parseJsonPath(argument.path);
  const readExpected = compileExpectedValue(argument);
  return (view) => {
    const expected = readExpected(view);
    if (expected.value === null) return { answer: "n/a", evidence: expected.evidence };
    const calls = view.toolCalls.filter((c) => c.name === tool);
    const wanted = normalize(expected.value);
    const values = calls.map((call) => ({ call, value: readArgument(call, segments) }));
    const hit = values.find(({ value }) => value !== null && normalize(value) === wanted);
    if (hit) return decide(true, `${tool} called with ${argument.path} = "${clip(hit.value!)}" at steps[${hit.call.index}] (${expected.evidence})`);
    if (calls.length === 0) return decide(false, `${tool} never called (${expected.evidence})`);
    const seen = values.map(({ value }) => (value === null ? "none" : `"${clip(value)}"`)).slice(0, 3);
    return decide(false, `${tool} called with ${argument.path} ${seen.join(", ")}, not "${clip(expected.value)}"`);
  };
}

// Ids are compared as people write them: "a1 " in a reply names order "A1".
const normalize = (value: string) => value.trim().toLowerCase();

function readArgument(call: ToolCall, segments: ReturnType<typeof parseJsonPath>): string | null {
  const resolved = resolveJsonPath(call.arguments, segments);
  if (!resolved.found) return null;
  const { value } = resolved;
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : null;
}

function compileExpectedValue(argument: ToolArgument): (view: TraceView) => { value: string | null; evidence: string } {
  const { equals, from } = argument;
  if (!from) return () => ({ value: String(equals), evidence: `expected "${String(equals)}"` });
  const regex = compileStatelessRegex(from.pattern, from.flags);
  const sourceName = from.source === "final_reply" ? "final reply" : "user turn";
  return (view) => {
    const texts = from.source === "final_reply" ? (view.finalReply === null ? [] : [view.finalReply]) : view.userTexts.map((t) => t.text);
    for (const text of texts) {
      const match = regex.exec(text);
      const value = match?.[from.group ?? (match.length > 1 ? 1 : 0)];
      if (value) return { value, evidence: `${sourceName} names "${clip(value)}"` };
    }
    return { value: null, evidence: `${sourceName} names no value for /${from.pattern}/${from.flags ?? ""}` };
  };
}

/**
 * "Was `before` called before `after`?": yes when some call of `before` precedes the first call of
 * `after`; no when none does; n/a when `after` is never called (nothing to have done first).
 */
export function compileToolOrderCheck({ before, after }: { before: string; after: string }): CompiledCheck {
  return (view) => {
    const later = view.toolCalls.find((c) => c.name === after);
    if (!later) return { answer: "n/a", evidence: `${after} never called` };
    const earlier = view.toolCalls.find((c) => c.name === before && c.index < later.index);
    return earlier
      ? { answer: "yes", evidence: `${before} at steps[${earlier.index}] before ${after} at steps[${later.index}]` }
      : { answer: "no", evidence: `${after} at steps[${later.index}] with no earlier ${before}` };
  };
}

export function compileStepCountCheck({ count, tool, min, max }: { count: "steps" | "tool_calls" | "assistant_messages"; tool?: string; min?: number; max?: number }): CompiledCheck {
  const what = count === "steps" ? "steps" : count === "assistant_messages" ? "assistant messages" : `${tool ? `${tool} ` : ""}tool calls`;
  return (view) => {
    const n =
      count === "steps" ? view.stepCount : count === "assistant_messages" ? view.assistantMessageCount : view.toolCalls.filter((c) => !tool || c.name === tool).length;
    const isInRange = (min === undefined || n >= min) && (max === undefined || n <= max);
    return { answer: isInRange ? "yes" : "no", evidence: `${n} ${what} (${describeRange(min, max)})` };
  };
}

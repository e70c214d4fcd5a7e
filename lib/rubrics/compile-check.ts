import { parseJsonPath, resolveJsonPath } from "./json-path";
import type { ItemAnswer, RubricCheck } from "./rubric-item-schema";
import type { TraceView } from "./trace-view";

export type CheckOutcome = { answer: ItemAnswer; evidence: string };
export type CompiledCheck = (view: TraceView) => CheckOutcome;

const EVIDENCE_TEXT_MAX = 80;

/** Turns a check definition into a function; regexes and paths are parsed here, once. */
export function compileCheck(check: RubricCheck): CompiledCheck {
  switch (check.kind) {
    case "regex":
      return compileRegex(check.pattern, check.flags, check.target);
    case "tool_called":
      return (view) => {
        const call = view.toolCalls.find((c) => c.name === check.tool);
        return call
          ? { answer: "yes", evidence: `${check.tool} called at steps[${call.index}]` }
          : { answer: "no", evidence: `${check.tool} never called` };
      };
    case "tool_not_called":
      return (view) => {
        const call = view.toolCalls.find((c) => c.name === check.tool);
        return call
          ? { answer: "no", evidence: `${check.tool} called at steps[${call.index}]` }
          : { answer: "yes", evidence: `${check.tool} never called` };
      };
    case "tool_order":
      return (view) => {
        const after = view.toolCalls.find((c) => c.name === check.after);
        if (!after) return { answer: "n/a", evidence: `${check.after} never called` };
        const before = view.toolCalls.find((c) => c.name === check.before && c.index < after.index);
        return before
          ? {
              answer: "yes",
              evidence: `${check.before} at steps[${before.index}] before ${check.after} at steps[${after.index}]`,
            }
          : { answer: "no", evidence: `${check.after} at steps[${after.index}] with no earlier ${check.before}` };
      };
    case "json_path":
      return compileJsonPath(check.path, check.op, check.value);
    case "llm":
      return () => ({ answer: "n/a", evidence: "needs an llm judge" });
  }
}

function compileRegex(
  pattern: string,
  flags: string | undefined,
  target: "final_reply" | "any_assistant" | "reasoning",
): CompiledCheck {
  // g and y make RegExp.exec stateful across calls, which would make answers depend on call order.
  const regex = new RegExp(pattern, flags?.replace(/[gy]/g, ""));
  const shown = `/${pattern}/${flags ?? ""}`;
  return (view) => {
    if (target === "final_reply") {
      if (view.finalReply === null) return { answer: "no", evidence: "no final reply" };
      const match = regex.exec(view.finalReply);
      return match
        ? { answer: "yes", evidence: `final reply matched "${clip(match[0])}"` }
        : { answer: "no", evidence: `no match for ${shown} in final reply` };
    }
    const texts = target === "reasoning" ? view.reasonings : view.assistantTexts;
    // A trace that logged no reasoning cannot answer a question about it.
    if (target === "reasoning" && texts.length === 0) return { answer: "n/a", evidence: "no reasoning in trace" };
    for (const { index, text } of texts) {
      const match = regex.exec(text);
      if (match) return { answer: "yes", evidence: `steps[${index}] matched "${clip(match[0])}"` };
    }
    return {
      answer: "no",
      evidence: `no match for ${shown} in ${target === "reasoning" ? "reasoning" : "assistant turns"}`,
    };
  };
}

/**
 * A path that does not resolve reads as undefined: `exists` and `truthy` say no, `falsy` and
 * `not_equals` say yes, `equals` says no; `gt`/`lt` say n/a unless the value is a number.
 * A trace with no end state at all answers n/a to every path check.
 */
function compileJsonPath(path: string, op: string, expected: unknown): CompiledCheck {
  const segments = parseJsonPath(path);
  return (view) => {
    if (view.endState === undefined || view.endState === null)
      return { answer: "n/a", evidence: "trace has no end state" };
    const resolved = resolveJsonPath(view.endState, segments);
    const value = resolved.found ? resolved.value : undefined;
    const shown = resolved.found ? `${path} = ${clip(JSON.stringify(value) ?? "undefined")}` : `${path} not found`;
    const answer = (isYes: boolean): CheckOutcome => ({ answer: isYes ? "yes" : "no", evidence: shown });
    switch (op) {
      case "exists":
        return answer(resolved.found);
      case "truthy":
        return answer(Boolean(value));
      case "falsy":
        return answer(!value);
      case "equals":
        return answer(resolved.found && isDeepEqual(value, expected));
      case "not_equals":
        return answer(!resolved.found || !isDeepEqual(value, expected));
      default:
        if (typeof value !== "number" || typeof expected !== "number")
          return { answer: "n/a", evidence: `${shown} (not a number)` };
        return answer(op === "gt" ? value > expected : value < expected);
    }
  };
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) && isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

function clip(text: string): string {
  return text.length > EVIDENCE_TEXT_MAX ? `${text.slice(0, EVIDENCE_TEXT_MAX - 1)}…` : text;
}

import { clip } from "./check-evidence";
import type { CheckOutcome, CompiledCheck } from "./compiled-check";
import { parseJsonPath, resolveJsonPath, type JsonPathSegment } from "./json-path";
import type { JsonPathOp } from "./rubric-item-schema";

/**
 * A path that does not resolve reads as undefined: `exists` and `truthy` say no, `falsy` and
 * `not_equals` say yes, `equals` says no; `gt`/`lt` say n/a unless the value is a number.
 * A trace with no end state at all answers n/a to every path check: the caller did not send one,
 * which says nothing about what it would have held.
 */
export function compileJsonPathCheck(path: string, op: JsonPathOp, expected: unknown): CompiledCheck {
  const segments = parseJsonPath(path);
  return (view) => {
    if (view.endState === undefined || view.endState === null) return { answer: "n/a", evidence: "trace has no end state" };
    return answerJsonPath(view.endState, { path, segments, op, expected });
  };
}

/** One JSON value asked about at a path, with the missing-value meanings above (also used on tool results). */
export function answerJsonPath(root: unknown, { path, segments, op, expected }: { path: string; segments: JsonPathSegment[]; op: JsonPathOp; expected: unknown }): CheckOutcome {
  const resolved = resolveJsonPath(root, segments);
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
      if (typeof value !== "number" || typeof expected !== "number") return { answer: "n/a", evidence: `${shown} (not a number)` };
      return answer(op === "gt" ? value > expected : value < expected);
  }
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => Object.hasOwn(b, key) && isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

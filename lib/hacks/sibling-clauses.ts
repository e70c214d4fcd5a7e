import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { ValueSource } from "../checks/world-check-schemas";
import { isStatement } from "./mine-unstated-bounds";

type Comparison = ComposableCheck & { kind: "value_compared" };

/**
 * The other comparisons against the statement a kept comparison reads: for `lookup_order amount` over
 * the system prompt's "over $N", every mined comparison of a fact with the system prompt ("must be
 * ...", "within N days"), and for one with a policy tool's text, every comparison with that tool's
 * text. A policy's clauses are one rule; the examples a check is induced from may break only some of
 * them, so the search offers the rest (and keeps those that fire on no honest trace). Empty when the
 * kept check compares no fact with a statement.
 */
export function siblingClauses(kept: ComposableCheck, comparisons: Comparison[]): Comparison[] {
  if (kept.kind !== "value_compared") return [];
  const source = statementSourceOf(kept);
  if (!source) return [];
  const keptKey = JSON.stringify(kept);
  return comparisons.filter((rule) => statementSourceOf(rule) === source && JSON.stringify(rule) !== keptKey);
}

/** Where a comparison's statement was read (the system prompt, or a named tool's text), when exactly one side is a statement. */
function statementSourceOf({ left, right }: Comparison): string | null {
  const [l, r] = [isStatement(left), isStatement(right)];
  if (l === r) return null;
  const statement: ValueSource = l ? left : right;
  return statement.read === "system" ? "system" : `tool_result ${statement.tool}`;
}

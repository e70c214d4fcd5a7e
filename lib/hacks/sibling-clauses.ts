import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { ValueSource } from "../checks/world-check-schemas";
import type { Comparison } from "./mine-compared-values";
import { isStatement } from "./policy-statement";

/**
 * The policy's other clauses, for a kept comparison that finds a fact outside one clause of a stated
 * policy (`lookup_order amount` over the system prompt's "over $N"): every mined comparison that finds
 * a fact outside another clause of the same statement source ("must be ..." and "within N days" of the
 * system prompt; of a policy tool's text, that text's clauses). A fact is what a tool that states no
 * policy returned or was called with, or what the user's message states; outside is over it (gt) or
 * not named in it. A policy's clauses are one rule: examples that all broke one clause leave the
 * others out of the smallest check that covers them. Empty when the kept check is no such comparison.
 */
export function siblingClauses(kept: ComposableCheck, comparisons: Comparison[]): Comparison[] {
  if (kept.kind !== "value_compared") return [];
  const statementTools = new Set(comparisons.flatMap(({ left, right }) => [left, right]).filter(isStatement).map((s) => s.tool).filter(Boolean));
  const clauseOf = (rule: Comparison) => (isOutside(rule, statementTools) ? rule.right : null);
  const keptClause = clauseOf(kept);
  if (!keptClause) return [];
  return comparisons.filter((rule) => {
    const clause = clauseOf(rule);
    return clause !== null && sourceOf(clause) === sourceOf(keptClause) && clause.pattern !== keptClause.pattern;
  });
}

/** A fact on the left, a statement on the right, and the fact over it or not named in it. */
function isOutside({ left, op, right }: Comparison, statementTools: Set<string | undefined>): boolean {
  if (op !== "gt" && op !== "not_named_in") return false;
  const isFact = left.read === "user" || ((left.read === "tool_result" || left.read === "tool_arguments") && left.path !== undefined && !statementTools.has(left.tool));
  return isFact && isStatement(right);
}

const sourceOf = (statement: ValueSource) => (statement.read === "system" ? "system" : `tool_result ${statement.tool}`);

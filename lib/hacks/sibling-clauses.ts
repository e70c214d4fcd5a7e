import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { Comparison } from "./mine-compared-values";
import { isStatement } from "./policy-statement";

/**
 * The policy's other clauses, for a kept comparison with one clause of a stated policy (`lookup_order
 * amount` over the system prompt's "over $N"; a policy service's `reason` not named in its own text's
 * "are not ..."): every mined comparison that finds a fact outside another clause of a stated policy,
 * wherever that policy was stated ("must be ..." and "within N days" of the system prompt; of a policy
 * tool's text, that text's clauses). A fact is what a tool that states no policy returned or was called
 * with, or what the user's message states; outside is over it (gt) or not named in it. A policy's
 * clauses are one rule, and so is a policy stated in two places (the system prompt of one desk, the
 * policy service another desk called): examples that all broke one clause, or all read the policy in
 * one place, leave the others out of the smallest check that covers them. Empty when the kept check
 * is no such comparison.
 */
export function siblingClauses(kept: ComposableCheck, comparisons: Comparison[]): Comparison[] {
  if (kept.kind !== "value_compared" || (kept.op !== "gt" && kept.op !== "not_named_in") || !isStatement(kept.right)) return [];
  const statementTools = new Set(comparisons.flatMap(({ left, right }) => [left, right]).filter(isStatement).map((s) => s.tool).filter(Boolean));
  const keptClause = JSON.stringify(kept.right);
  return comparisons.filter((rule) => isOutside(rule, statementTools) && JSON.stringify(rule.right) !== keptClause);
}

/** A fact on the left, a statement on the right, and the fact over it or not named in it. */
function isOutside({ left, op, right }: Comparison, statementTools: Set<string | undefined>): boolean {
  if (op !== "gt" && op !== "not_named_in") return false;
  const isFact = left.read === "user" || ((left.read === "tool_result" || left.read === "tool_arguments") && left.path !== undefined && !statementTools.has(left.tool));
  return isFact && isStatement(right);
}

import { compileValueSourceRead } from "../checks/compile-value-compared-check";
import { readAmount } from "../checks/read-tool-result";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { TraceView } from "../checks/trace-view";
import type { Comparison } from "./mine-compared-values";
import { noneStated } from "./mine-unstated-bounds";
import { isStatement } from "./policy-statement";

const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The clauses of a stated policy, read where no policy was in view: for each clause kept in a check (a
 * statement compared with a fact a tool returned, "over $N" with the order's amount, "must be ..." with
 * its condition), that fact beyond the bound of that clause in every statement of it the traces hold (the
 * amount over the highest "over $N" any policy named; a condition no "must be ..." names), held under
 * "no policy stated" (neither the system prompt nor a tool that states one). Every policy the world
 * stated forbids such a refund, so a desk that never read its policy broke whichever it had. A bound
 * only some policies share is no such rule (mine-unstated-bounds.ts offers those to the search, where
 * the examples must choose them). `comparisons` name every statement, so "no policy stated" covers them all.
 */
export function beyondEveryStatedBound(clauses: Comparison[], comparisons: Comparison[], views: TraceView[]): ComposableCheck[] {
  const statements = comparisons.flatMap(({ left, right }) => [left, right]).filter(isStatement);
  if (!statements.length) return [];
  const statementTools = new Set(statements.map((s) => s.tool).filter(Boolean));
  const bounds = new Map<string, ComposableCheck>();
  for (const { left: fact, op, right: statement } of clauses) {
    if (!isStatement(statement)) continue;
    if (fact.read !== "tool_result" || fact.path === undefined || !fact.tool || statementTools.has(fact.tool)) continue;
    const read = compileValueSourceRead(statement);
    const stated = views.map((view) => read(view).value).filter((text): text is string => text !== null && text !== undefined);
    if (!stated.length) continue;
    if (op === "gt") {
      const values = stated.map(readAmount).filter((n): n is number => n !== null);
      if (values.length) bounds.set(`${fact.tool} ${fact.path} gt`, { kind: "tool_result", tool: fact.tool, call: "last", path: fact.path, op: "gt", value: Math.max(...values) });
    } else if (op === "not_named_in") {
      const readWord = compileValueSourceRead(fact);
      const words = new Set(views.map((view) => readWord(view).value?.toLowerCase()).filter((w): w is string => !!w));
      const texts = stated.map((text) => text.toLowerCase());
      for (const word of [...words].sort())
        if (!texts.some((text) => new RegExp(`\\b${escapeRegex(word)}\\b`).test(text)))
          bounds.set(`${fact.tool} ${fact.path} ${word}`, { kind: "tool_result", tool: fact.tool, call: "last", path: fact.path, op: "equals", value: word });
    }
  }
  const unstated = noneStated(statements);
  return [...bounds.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, bound]) => ({ kind: "all", checks: [...unstated, bound] }));
}

import { compileCheck } from "../checks/compile-check";
import { compileValueSourceRead } from "../checks/compile-value-compared-check";
import { readAmount } from "../checks/read-tool-result";
import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { TraceView } from "../checks/trace-view";
import type { ValueSource } from "../checks/world-check-schemas";
import { isStatement } from "./policy-statement";

/**
 * Rules for a trace that was never told the rule it broke: when no policy was stated (neither in the
 * system prompt nor by a tool that states one), a comparison with what the policy says has no answer,
 * yet the world stated bounds in other traces. From each mined comparison of a fact a tool returned
 * with a statement (`lookup_order amount` over the system prompt's "over $N"; its `condition` not named
 * in "must be ..."), one rule per value that statement took in any trace: `all(no policy stated, the fact
 * over that value)` (or under it, or equal to a word some statement left out). Which value, if any, is
 * for the search to decide on the examples against the honest traces: a bound every policy shares
 * decides the trace whatever its policy was, a lower one only makes it likely, and is offered only
 * where most stated policies forbid what lies beyond it (`isMostlyForbidden`).
 */
export function mineUnstatedBounds(compared: ComposableCheck[], examples: TraceView[], honest: TraceView[], { limit = 24 } = {}): ComposableCheck[] {
  const comparisons = compared.filter((rule) => rule.kind === "value_compared");
  const statements = comparisons.map((rule) => rule.right).filter(isStatement);
  if (!statements.length) return [];
  const unstated = noneStated(statements);
  const all = [...examples, ...honest];
  const rules = new Map<string, ComposableCheck>();
  const add = (bound: ComposableCheck) => rules.set(JSON.stringify(bound), { kind: "all", checks: [...unstated, bound] });
  const statementTools = new Set(statements.map((s) => s.tool).filter(Boolean));
  const isFact = (source: ValueSource) => source.read === "tool_result" && source.path !== undefined && !statementTools.has(source.tool);
  // Only a comparison the examples break more often than the honest traces (of those it answers on) is a clause of the policy
  // they broke (the amount over "over $N"); one that holds on most traces of both (the amount over the
  // "within N days" window) names no bound, however well it ranks by how far the sets differ.
  const shareOf = (rule: ComposableCheck, views: TraceView[]) => {
    const compiled = compileCheck(rule);
    const answers = views.map((view) => compiled(view).answer).filter((answer) => answer !== "n/a");
    return answers.length ? answers.filter((answer) => answer === "yes").length / answers.length : 0;
  };
  for (const rule of comparisons) {
    const { left, op, right } = rule;
    if (shareOf(rule, examples) <= shareOf(rule, honest)) continue;
    if (op === "gt" || op === "lt") {
      const [fact, statement, direction] = isFact(left) && isStatement(right) ? [left, right, op] : isFact(right) && isStatement(left) ? [right, left, op === "gt" ? "lt" : "gt"] : [];
      if (!fact || !statement) continue;
      const read = compileValueSourceRead(statement);
      const stated = all.map((view) => read(view).value).flatMap((text) => (text === null || text === undefined ? [] : [readAmount(text)])).filter((n): n is number => n !== null);
      // A fact just beyond `value` is forbidden by the statements at or inside it ("over $100" and "over $150" forbid $151).
      const forbids = (value: number) => stated.filter((n) => (direction === "gt" ? n <= value : n >= value)).length;
      for (const value of [...new Set(stated)].sort((a, b) => a - b))
        if (isMostlyForbidden(forbids(value), stated.length)) add({ kind: "tool_result", tool: fact.tool!, call: "last", path: fact.path!, op: direction as "gt" | "lt", value });
    } else if (op === "not_named_in" && isFact(left) && isStatement(right)) {
      // Each word the fact took that some stated clause leaves out: a value some policy excludes.
      const readWord = compileValueSourceRead(left);
      const readClause = compileValueSourceRead(right);
      const words = new Set(all.map((view) => readWord(view).value?.toLowerCase()).filter((w): w is string => !!w));
      const clauses = all.map((view) => readClause(view).value?.toLowerCase()).filter((c): c is string => !!c);
      for (const word of [...words].sort())
        if (isMostlyForbidden(clauses.filter((clause) => !new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(clause)).length, clauses.length))
          add({ kind: "tool_result", tool: left.tool!, call: "last", path: left.path!, op: "equals", value: word });
    }
  }
  return [...rules.values()].slice(0, limit);
}

/**
 * A bound is offered for a desk told no policy only where most statements of its clause the traces hold
 * (counted once per trace that states it, so as often as the world states each) forbid what lies beyond
 * it: a desk that never saw its policy had one of them, so a rule firing on it is more often right than
 * wrong only then. "Over $100" where most policies say "over $250" bets against the policies it was
 * most likely given.
 */
function isMostlyForbidden(forbidding: number, statements: number): boolean {
  return statements > 0 && forbidding * 2 > statements;
}

/** The system prompt states none of them and no tool that states one was called. */
export function noneStated(statements: ValueSource[]): ComposableCheck[] {
  const parts = new Map<string, ComposableCheck>();
  for (const s of statements) {
    if (s.read === "system") parts.set(`system ${s.pattern}`, { kind: "not", check: { kind: "regex", pattern: s.pattern!, flags: s.flags, target: "system" } });
    else parts.set(`tool ${s.tool}`, { kind: "tool_not_called", tool: s.tool! });
  }
  return [...parts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, part]) => part);
}

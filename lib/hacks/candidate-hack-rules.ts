import type { ComposableCheck } from "../checks/rubric-item-schema";
import type { TraceView } from "../checks/trace-view";
import { mineCapturedArguments } from "./mine-captured-arguments";
import { allComparisons, mineComparedValues } from "./mine-compared-values";
import { mineReplyPhrases, phrasePattern } from "./mine-reply-phrases";
import { mineUnstatedBounds } from "./mine-unstated-bounds";
import { mineCarriedValues, mineToolResults } from "./mine-tool-results";

/**
 * The rule checks a hack-check search composes, from what real traces carry (never the end
 * state): each tool called or not, called or not with
 * the id the reply names, the order of each pair of tools, what tools returned (values and
 * phrases frequent in the examples' results), and values carried from a result to a later
 * argument or from an argument to the reply, values compared wherever the world stated them (a
 * tool's result, a policy in the system prompt, the user's message), the bounds those statements took
 * held against a trace that was told none of them, and phrases mined from the examples' replies. In
 * order of preference: on a tie the search keeps the earlier one.
 */
/** `comparisons`: allComparisons of these sets, when the caller has them already (the search reuses them). */
export function candidateHackRules(examples: TraceView[], honest: TraceView[], comparisons = allComparisons(examples, honest)): ComposableCheck[] {
  const all = [...examples, ...honest];
  const tools = [...new Set(all.flatMap((view) => view.toolCalls.map((call) => call.name)))].sort();
  // What the world did and said first; the reply's wording last: on a tie the search keeps the rule
  // that reads tool calls and results, which holds however the reply is phrased.
  const rules: ComposableCheck[] = [];
  // What was done before what was left undone: an absence also holds on rollouts that did nothing at all.
  for (const tool of tools) rules.push({ kind: "tool_called", tool });
  for (const tool of tools) rules.push({ kind: "tool_not_called", tool });
  rules.push(...mineToolResults(examples, honest));
  for (const { path, pattern } of mineCapturedArguments(all)) {
    for (const tool of tools.filter((name) => takesArgument(all, name, path))) {
      const argument = { path, from: { source: "final_reply" as const, pattern, group: 1 } };
      rules.push({ kind: "tool_called", tool, argument }, { kind: "tool_not_called", tool, argument });
    }
  }
  for (const before of tools) for (const after of tools) if (before !== after) rules.push({ kind: "tool_order", before, after });
  rules.push(...mineCarriedValues(all));
  const compared = mineComparedValues(examples, honest, { comparisons });
  rules.push(...compared);
  rules.push(...mineUnstatedBounds(compared, examples, honest));
  rules.push(...mineReplyPhrases(examples, honest, { limit: 120, minExampleShare: 0.05 }).map(({ words }): ComposableCheck => ({ kind: "regex", pattern: phrasePattern(words), flags: "i", target: "final_reply" })));
  return rules;
}

function takesArgument(views: TraceView[], tool: string, path: string): boolean {
  return views.some((view) => view.toolCalls.some((call) => call.name === tool && typeof call.arguments === "object" && call.arguments !== null && path in call.arguments));
}

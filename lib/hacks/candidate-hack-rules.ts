import type { ComposableCheck } from "../rubrics/rubric-item-schema";
import type { TraceView } from "../rubrics/trace-view";
import { mineCapturedArguments } from "./mine-captured-arguments";
import { mineReplyPhrases, phrasePattern } from "./mine-reply-phrases";

/**
 * The rule checks a hack-check search composes, from what real traces carry (never the end
 * state): phrases mined from the examples' replies, each tool called or not, called or not with
 * the id the reply names, and the order of each pair of tools. In order of preference: on a tie
 * the search keeps the earlier one.
 */
export function candidateHackRules(examples: TraceView[], honest: TraceView[]): ComposableCheck[] {
  const all = [...examples, ...honest];
  const tools = [...new Set(all.flatMap((view) => view.toolCalls.map((call) => call.name)))].sort();
  const rules: ComposableCheck[] = mineReplyPhrases(examples, honest).map(({ words }) => ({ kind: "regex", pattern: phrasePattern(words), flags: "i", target: "final_reply" }));
  for (const { path, pattern } of mineCapturedArguments(all)) {
    for (const tool of tools.filter((name) => takesArgument(all, name, path))) {
      const argument = { path, from: { source: "final_reply" as const, pattern, group: 1 } };
      rules.push({ kind: "tool_called", tool, argument }, { kind: "tool_not_called", tool, argument });
    }
  }
  for (const tool of tools) rules.push({ kind: "tool_called", tool }, { kind: "tool_not_called", tool });
  for (const before of tools) for (const after of tools) if (before !== after) rules.push({ kind: "tool_order", before, after });
  return rules;
}

function takesArgument(views: TraceView[], tool: string, path: string): boolean {
  return views.some((view) => view.toolCalls.some((call) => call.name === tool && typeof call.arguments === "object" && call.arguments !== null && path in call.arguments));
}

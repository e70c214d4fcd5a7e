import { clip } from "./check-evidence";
import { compileStatelessRegex } from "./stateless-regex";
import type { CompiledCheck } from "./compiled-check";
import type { RegexTarget } from "./rubric-item-schema";
import type { TraceView } from "./trace-view";

const targetNames: Record<Exclude<RegexTarget, "final_reply">, string> = {
  any_assistant: "assistant turns",
  reasoning: "reasoning",
  tool_arguments: "tool arguments",
  system: "system prompt",
};

export function compileRegexCheck({ pattern, flags, target, tool }: { pattern: string; flags?: string; target: RegexTarget; tool?: string }): CompiledCheck {
  const regex = compileStatelessRegex(pattern, flags);
  const shown = `/${pattern}/${flags ?? ""}`;
  return (view) => {
    if (target === "final_reply") {
      if (view.finalReply === null) return { answer: "no", evidence: "no final reply" };
      const match = regex.exec(view.finalReply);
      return match ? { answer: "yes", evidence: `final reply matched "${clip(match[0])}"` } : { answer: "no", evidence: `no match for ${shown} in final reply` };
    }
    // A trace that logged no reasoning cannot answer a question about it.
    if (target === "reasoning" && view.reasonings.length === 0) return { answer: "n/a", evidence: "no reasoning in trace" };
    for (const { index, text } of textsOf(view, target, tool)) {
      const match = regex.exec(text);
      if (match) return { answer: "yes", evidence: `steps[${index}] matched "${clip(match[0])}"` };
    }
    return { answer: "no", evidence: `no match for ${shown} in ${tool ? `${tool} ` : ""}${targetNames[target]}` };
  };
}

function textsOf(view: TraceView, target: Exclude<RegexTarget, "final_reply">, tool: string | undefined): Array<{ index: number; text: string }> {
  if (target === "reasoning") return view.reasonings;
  if (target === "any_assistant") return view.assistantTexts;
  if (target === "system") return view.systemTexts;
  return view.toolCalls
    .filter((call) => !tool || call.name === tool)
    .map(({ index, arguments: args }) => ({ index, text: typeof args === "string" ? args : (JSON.stringify(args) ?? "") }));
}

/** Length of the final reply in characters or whitespace-separated words, within [min, max]. */
export function compileReplyLengthCheck({ unit, min, max }: { unit: "chars" | "words"; min?: number; max?: number }): CompiledCheck {
  return (view) => {
    if (view.finalReply === null) return { answer: "n/a", evidence: "no final reply" };
    const length = unit === "chars" ? view.finalReply.length : view.finalReply.split(/\s+/).filter(Boolean).length;
    const isInRange = (min === undefined || length >= min) && (max === undefined || length <= max);
    return { answer: isInRange ? "yes" : "no", evidence: `final reply has ${length} ${unit === "chars" ? "characters" : "words"} (${describeRange(min, max)})` };
  };
}

export function describeRange(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `range ${min}..${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}

import type { Trace } from "../traces/trace-schema";
import type { CotLlmJudgeConfig, CotRuleJudgeConfig } from "./cot-monitor-config";

/** A reasoning step longer than this is cut in the prompt (the trace keeps it whole). */
const partMax = 4_000;

export type ReasoningPart = { index: number; text: string };

/** The trace's reasoning, step by step, in the shape every importer stores it (Step.reasoning). */
export function readReasoning(trace: Pick<Trace, "steps">): ReasoningPart[] {
  return trace.steps.flatMap((step, index) => (step.reasoning && step.reasoning.trim() ? [{ index, text: step.reasoning }] : []));
}

export function hasReasoning(trace: Pick<Trace, "steps">): boolean {
  return readReasoning(trace).length > 0;
}

/** The reasoning alone, as the llm form's prompt shows it: no actions, no tool results, no reply. */
export function renderReasoningForMonitor(parts: readonly ReasoningPart[]): string {
  return parts.map(({ index, text }) => `[${index}] ${text.length > partMax ? `${text.slice(0, partMax)}… [cut]` : text}`).join("\n");
}

export function renderCotPrompt(config: Pick<CotLlmJudgeConfig, "promptTemplate">, trace: Trace): string {
  const values: Record<string, string> = {
    reasoning: renderReasoningForMonitor(readReasoning(trace)),
    environment: trace.environment ?? "(unknown)",
    task: trace.task ?? "(unknown)",
  };
  return config.promptTemplate.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

export type CotRuleVerdict = { label: "pass" | "fail"; score: number; rationale: string; issues: string[] };

/** Compiled once per config; null on a trace without reasoning (n/a: not a pass). */
export function compileCotRule(config: Pick<CotRuleJudgeConfig, "patterns">): (trace: Pick<Trace, "steps">) => CotRuleVerdict | null {
  const patterns = config.patterns.map(({ pattern, flags }) => new RegExp(pattern, flags.replace(/g/g, "")));
  return (trace) => {
    const parts = readReasoning(trace);
    if (parts.length === 0) return null;
    const hits = parts.flatMap(({ index, text }) =>
      patterns.flatMap((regex) => {
        const match = regex.exec(text);
        return match ? [{ cue: match[0].toLowerCase(), quote: `[${index}] "${match[0]}" in: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}` }] : [];
      }),
    );
    if (hits.length === 0) return { label: "pass", score: 1, rationale: `no intent cue in ${parts.length} reasoning step${parts.length === 1 ? "" : "s"}`, issues: [] };
    // Issues name the cue alone, so edge-case detection groups traces by it rather than by each quote.
    const issues = [...new Set(hits.map((hit) => `reasoning states an intent cue: "${hit.cue}"`))].slice(0, 10);
    return { label: "fail", score: 0, rationale: `reasoning states an intent cue: ${hits.map((hit) => hit.quote).join("; ").slice(0, 1000)}`, issues };
  };
}

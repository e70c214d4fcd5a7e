import type { Trace } from "../traces/trace-schema";
import type { CotLlmJudgeConfig, CotRuleJudgeConfig } from "./cot-monitor-config";
import { compileCotRule, hasReasoning, renderCotPrompt, type CotRuleVerdict } from "./cot-monitor";
import type { LlmJudgeConfig } from "./llm-judge-config-schema";

/** Thrown for a trace without reasoning: the monitor has nothing to read, which is n/a and never a pass. */
export class NoReasoningError extends Error {
  constructor() {
    super("n/a: the trace has no reasoning for the chain-of-thought monitor to read");
  }
}

const compiled = new WeakMap<CotRuleJudgeConfig, ReturnType<typeof compileCotRule>>();

/** The rule form's verdict, or the llm form's prompt over the reasoning only. */
export function judgeReasoning(config: CotRuleJudgeConfig, trace: Trace): CotRuleVerdict;
export function judgeReasoning(config: CotLlmJudgeConfig, trace: Trace): { prompt: string };
export function judgeReasoning(config: CotRuleJudgeConfig | CotLlmJudgeConfig, trace: Trace): CotRuleVerdict | { prompt: string } {
  if (!hasReasoning(trace)) throw new NoReasoningError();
  if (config.form === "llm") return { prompt: renderCotPrompt(config, trace) };
  if (!compiled.has(config)) compiled.set(config, compileCotRule(config));
  return compiled.get(config)!(trace)!;
}

/** The llm form goes through the one judging path: the same endpoint rules, limits, retries and costs as an llm judge. */
export function cotAsLlmConfig(config: CotLlmJudgeConfig): LlmJudgeConfig {
  const { form: _form, ...settings } = config;
  return { ...settings, kind: "llm" };
}

import type { LlmJudgeConfig } from "./llm-judge-config-schema";

/** What one LLM call cost in USD, from its token counts and the judge's prices per million tokens. */
export function costOf(config: LlmJudgeConfig, tokensIn: number, tokensOut: number): number {
  return (tokensIn * config.pricePerMTokensIn + tokensOut * config.pricePerMTokensOut) / 1_000_000;
}

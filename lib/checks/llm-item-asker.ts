import type { ItemAnswer, RubricItem } from "./rubric-item-schema";
import type { Trace } from "../traces/trace-schema";

/**
 * The seam through which llm rubric items are answered. The judges provide one
 * (lib/judges/find-llm-item-asker.ts: the project's llm judge through askItemQuestion, with its
 * concurrency, cache and cost accounting); callers without an llm judge pass none, and llm items then answer "n/a" with
 * the reason as evidence, so they drop out of the weighted mean instead of failing the score.
 */
export type LlmItemAsker = (input: { item: RubricItem; question: string; trace: Trace }) => Promise<{
  answer: ItemAnswer;
  evidence: string;
  costUsd?: number | null;
}>;

export const noLlmJudgeEvidence = "no llm judge configured for this rubric's llm items";

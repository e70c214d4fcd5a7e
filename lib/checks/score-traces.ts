import { setImmediate as nextTurn } from "node:timers/promises";
import { compileRubric } from "./evaluate-rubric";
import type { ItemResult, Rubric } from "./rubric-item-schema";
import type { Trace } from "../traces/trace-schema";
import { computeReward } from "./compute-reward";
import { noLlmJudgeEvidence, type LlmItemAsker } from "./llm-item-asker";

export type ScoredTrace = { reward: number; results: ItemResult[] };
export type TraceScorer = (traces: Trace[]) => Promise<ScoredTrace[]>;

/**
 * The one reward function: the rubric evaluator (evaluate-rubric.ts, compiled once per rubric) for rule items,
 * llm items through `askLlmItem` (n/a with the reason when there is none or it fails), and the
 * item results returned as the evidence of every score. Compile once, score many batches.
 */
export function compileTraceScorer(rubric: Rubric, { askLlmItem }: { askLlmItem?: LlmItemAsker } = {}): TraceScorer {
  const evaluate = compileRubric(rubric);
  const llmItems = rubric.items.flatMap((item, index) => (item.check.kind === "llm" ? [{ item, index }] : []));
  return async (traces) => {
    const evaluated: ScoredTrace[] = [];
    for (const [index, trace] of traces.entries()) {
      // A turn of the event loop every few hundred traces: a batch at the body limit takes a while.
      if (index % 256 === 255) await nextTurn();
      evaluated.push(evaluate(trace));
    }
    if (llmItems.length === 0) return evaluated;
    return Promise.all(
      traces.map(async (trace, traceIndex) => {
        const results = [...evaluated[traceIndex]!.results];
        await Promise.all(
          llmItems.map(async ({ item, index }) => {
            results[index] = { key: item.key, ...(await answerLlmItem(askLlmItem, item, trace)) };
          }),
        );
        return { reward: computeReward(rubric, results), results };
      }),
    );
  };
}

async function answerLlmItem(askLlmItem: LlmItemAsker | undefined, item: Rubric["items"][number], trace: Trace) {
  if (!askLlmItem) return { answer: "n/a" as const, evidence: noLlmJudgeEvidence };
  try {
    const question = item.check.kind === "llm" ? item.check.prompt : item.question;
    const { answer, evidence } = await askLlmItem({ item, question, trace });
    return { answer, evidence };
  } catch (error) {
    // A judge outage must not fail the batch: the item drops out of this score, with the reason kept.
    return { answer: "n/a" as const, evidence: `llm judge failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

import type { Trace } from "../traces/trace-schema";
import { compileCheck } from "./compile-check";
import type { ItemResult, Rubric } from "./rubric-item-schema";
import { viewTrace } from "./trace-view";

export type RubricEvaluation = { reward: number; results: ItemResult[] };
export type RubricEvaluator = (trace: Trace) => RubricEvaluation;

/**
 * Reward in [0, 1]: the weighted mean of good items answered "yes" over the good items that are
 * not "n/a" (0 when none is evaluable). A hack item answered "yes" (the hack is present) then sets
 * the reward to 0 in "zero" mode, or takes its weight off in "subtract" mode, floored at 0.
 * The rubric must already be valid (parsed by rubricSchema).
 */
export function compileRubric(rubric: Rubric): RubricEvaluator {
  const items = rubric.items.map((item) => ({ ...item, run: compileCheck(item.check) }));
  return (trace) => {
    const view = viewTrace(trace);
    let goodWeight = 0;
    let goodYes = 0;
    let penalty = 0;
    let isZeroed = false;
    const results = items.map(({ key, polarity, weight, run }): ItemResult => {
      const { answer, evidence } = run(view);
      if (polarity === "good" && answer !== "n/a") {
        goodWeight += weight;
        if (answer === "yes") goodYes += weight;
      }
      if (polarity === "hack" && answer === "yes") {
        penalty += weight;
        isZeroed = true;
      }
      return { key, answer, evidence };
    });
    const base = goodWeight > 0 ? goodYes / goodWeight : 0;
    const reward = rubric.hackMode === "zero" ? (isZeroed ? 0 : base) : Math.max(0, base - penalty);
    return { reward, results };
  };
}

const compiledByRubric = new WeakMap<Rubric, RubricEvaluator>();

/** One-off scoring; compiles on first use of a rubric object and reuses it after. */
export function evaluateRubric(rubric: Rubric, trace: Trace): RubricEvaluation {
  let evaluator = compiledByRubric.get(rubric);
  if (!evaluator) {
    evaluator = compileRubric(rubric);
    compiledByRubric.set(rubric, evaluator);
  }
  return evaluator(trace);
}

import type { Trace } from "../traces/trace-schema";
import { compileCheck } from "./compile-check";
import { computeReward } from "./compute-reward";
import type { ItemResult, Rubric } from "./rubric-item-schema";
import { viewTrace } from "./trace-view";

export type RubricEvaluation = { reward: number; results: ItemResult[] };
export type RubricEvaluator = (trace: Trace) => RubricEvaluation;

/** Runs a rubric's rule checks over a trace and scores the answers with computeReward. The rubric must already be valid (parsed by rubricSchema). */
export function compileRubric(rubric: Rubric): RubricEvaluator {
  const items = rubric.items.map((item) => ({ key: item.key, run: compileCheck(item.check) }));
  return (trace) => {
    const view = viewTrace(trace);
    const results = items.map(({ key, run }): ItemResult => {
      const { answer, evidence } = run(view);
      return { key, answer, evidence };
    });
    return { reward: computeReward(rubric, results), results };
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

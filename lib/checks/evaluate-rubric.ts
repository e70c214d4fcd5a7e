import type { Trace } from "../traces/trace-schema";
import { compileCheck } from "./compile-check";
import { computeReward } from "./compute-reward";
import type { ItemResult, Rubric } from "./rubric-item-schema";
import { viewTrace } from "./trace-view";

export type RubricEvaluation = { reward: number; results: ItemResult[] };
export type RubricEvaluator = (trace: Trace) => RubricEvaluation;

// The one cache of compiled rubrics, for as long as the rubric object lives: a rubric is never
// changed once parsed (approved versions are kept whole by lib/reward/resolve-reward-version.ts).
const compiledByRubric = new WeakMap<Rubric, RubricEvaluator>();

/**
 * A rubric's rule checks, compiled once per rubric object: the evaluator runs them over a trace and
 * scores the answers with computeReward. The rubric must already be valid (parsed by rubricSchema).
 */
export function compileRubric(rubric: Rubric): RubricEvaluator {
  const cached = compiledByRubric.get(rubric);
  if (cached) return cached;
  const items = rubric.items.map((item) => ({ key: item.key, run: compileCheck(item.check) }));
  const evaluator: RubricEvaluator = (trace) => {
    const view = viewTrace(trace);
    const results = items.map(({ key, run }): ItemResult => {
      const { answer, evidence } = run(view);
      return { key, answer, evidence };
    });
    return { reward: computeReward(rubric, results), results };
  };
  compiledByRubric.set(rubric, evaluator);
  return evaluator;
}

/** One-off scoring of a trace; the rubric is compiled on its first use and reused after. */
export function evaluateRubric(rubric: Rubric, trace: Trace): RubricEvaluation {
  return compileRubric(rubric)(trace);
}

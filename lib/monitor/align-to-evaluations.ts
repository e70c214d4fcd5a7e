import type { SeriesPoint } from "./detect-divergence";

/**
 * A training metric logged every step, averaged over the steps since the previous evaluation up
 * to each evaluation step of a sparse held-out metric, so the two are compared on the same
 * steps with the training side's noise averaged down alike.
 */
export function alignToEvaluations(training: readonly SeriesPoint[], evaluations: readonly SeriesPoint[]): SeriesPoint[] {
  const sorted = [...training].sort((a, b) => a.step - b.step);
  const averaged: SeriesPoint[] = [];
  let i = 0;
  for (const { step } of [...evaluations].sort((a, b) => a.step - b.step)) {
    let sum = 0;
    let count = 0;
    while (i < sorted.length && sorted[i]!.step <= step) {
      sum += sorted[i]!.value;
      count++;
      i++;
    }
    if (count) averaged.push({ step, value: sum / count });
  }
  return averaged;
}

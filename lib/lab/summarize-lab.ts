import { summaryWindow, type RunSummary } from "../runs/run-summary";

export type StepMetrics = { step: number; metrics: Record<string, number> };

export type LabSummary = RunSummary;

/**
 * The CLI's `lab run --json` numbers. first/last: the mean over the first/last 10% of steps (at
 * least one step). best: the highest mean of any window of that same length, so one lucky batch
 * does not count as the best. success/heldout is only logged on evaluation steps: its first/last
 * use the evaluations inside the window, or the nearest evaluation when the window has none.
 */
export function summarizeLab(steps: readonly StepMetrics[]): LabSummary {
  const window = summaryWindow(steps.length);
  const series = (name: string) => steps.map((s) => s.metrics[name]).filter((v): v is number => v !== undefined);
  const edges = (name: string) => {
    const values = series(name);
    return { first: mean(values.slice(0, window)), last: mean(values.slice(-window)) };
  };
  const success = series("success/train");
  let best = success.length ? -Infinity : NaN;
  for (let start = 0; start + window <= success.length; start++)
    best = Math.max(best, mean(success.slice(start, start + window)));
  return {
    steps: steps.length,
    proxyReward: edges("reward/proxy"),
    trueSuccess: { ...edges("success/train"), best },
    heldOutSuccess: heldOutEdges(steps, window),
    hackRate: edges("hack_rate"),
  };
}

function heldOutEdges(steps: readonly StepMetrics[], window: number): { first: number; last: number } {
  const points = steps.flatMap((s, index) =>
    s.metrics["success/heldout"] === undefined ? [] : [{ index, value: s.metrics["success/heldout"] }],
  );
  const inFirst = points.filter((p) => p.index < window);
  const inLast = points.filter((p) => p.index >= steps.length - window);
  return {
    first: mean((inFirst.length ? inFirst : points.slice(0, 1)).map((p) => p.value)),
    last: mean((inLast.length ? inLast : points.slice(-1)).map((p) => p.value)),
  };
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : NaN;
}

import { assessDivergence, type Divergence } from "../monitor/detect-divergence";
import { median } from "../monitor/noise-level";
import { runVerdict, type PairScore } from "../monitor/run-verdict";
import type { RunVerdict } from "../runs/run-hack-risk";
import { divergenceKindOf } from "../monitor/detect-run-divergence";
import type { RubricInput } from "../checks/rubric-item-schema";
import { hackRateChangePoint } from "./hack-rate-change-point";
import { LAB_DIVERGENCE_PAIRS } from "./lab-run-config";
import { runLab } from "./run-lab";
import type { StepMetrics } from "./summarize-lab";

export type LabDivergenceFigures = {
  seed: number;
  steps: number;
  /** The knee of the hack rate (hack-rate-change-point.ts). */
  hackChangePoint: number | null;
  detected: boolean;
  onsetStep: number | null;
  onsetInterval: { fromStep: number; toStep: number } | null;
  firstFiredAtStep: number | null;
  /** What the earliest detection saw: the gap rising, or the reference falling against the proxy. */
  basis: Divergence["basis"] | null;
  /** |onset − hack rate's knee|. */
  onsetError: number | null;
  /** The strongest change-point t over the run's pairs, fired or not: the run's hack-risk score. */
  score: number;
  /** The run-level verdict from the lab's pairs (the lab's rubrics have no hack check but the simulator's own, which never feeds the monitor). */
  verdict: RunVerdict;
};

function seriesOf(steps: readonly StepMetrics[]) {
  const series = new Map<string, { step: number; value: number }[]>();
  for (const { step, metrics } of steps) {
    for (const [name, value] of Object.entries(metrics)) {
      if (!Number.isFinite(value)) continue;
      const list = series.get(name) ?? [];
      list.push({ step, value });
      series.set(name, list);
    }
  }
  return series;
}

/** The monitor's divergences over the pairs a lab run configures, earliest onset first, and the strongest score. */
export function labDivergences(steps: readonly StepMetrics[]): { divergences: Divergence[]; score: number; pairs: PairScore[] } {
  const series = seriesOf(steps);
  const assessments = LAB_DIVERGENCE_PAIRS.map((pair) => assessDivergence(series.get(pair.proxy) ?? [], series.get(pair.reference) ?? [], pair));
  return {
    divergences: assessments.flatMap((a) => a.divergence ?? []).sort((a, b) => a.onsetStep - b.onsetStep),
    score: Math.max(0, ...assessments.map((a) => a.statistic ?? 0)),
    pairs: LAB_DIVERGENCE_PAIRS.map((pair, i) => ({ ...pair, kind: divergenceKindOf(pair), statistic: assessments[i]!.statistic, onsetStep: assessments[i]!.divergence?.onsetStep ?? null, points: assessments[i]!.points })),
  };
}

/**
 * Trains the lab per (seed, length) and compares the monitor's onset with the hack rate's knee.
 * `learningRate` 0 keeps the policy the scripted agent's imitation throughout: an honest agent
 * logging the same metrics without ever learning the hack.
 */
export async function measureLabDivergence({ rubric, runs, learningRate }: { rubric: RubricInput; runs: { seed: number; steps: number }[]; learningRate?: number }) {
  const figures: LabDivergenceFigures[] = [];
  for (const { seed, steps } of runs) {
    const result = await runLab({ rubric, seed, steps, sampleRolloutsPerStep: 0, lr: learningRate });
    const { divergences, score, pairs } = labDivergences(result.steps);
    const [first] = divergences;
    const knee = hackRateChangePoint(result.steps);
    figures.push({
      seed,
      steps,
      hackChangePoint: knee,
      detected: Boolean(first),
      onsetStep: first?.onsetStep ?? null,
      onsetInterval: first?.onsetInterval ?? null,
      firstFiredAtStep: first ? Math.min(...divergences.map((d) => d.firstFiredAtStep)) : null,
      basis: first?.basis ?? null,
      onsetError: first && knee !== null ? Math.abs(first.onsetStep - knee) : null,
      score,
      verdict: runVerdict({ pairs, behaviourDrift: false }),
    });
  }
  const errors = figures.flatMap((f) => (f.onsetError === null ? [] : [f.onsetError]));
  return { figures, detectedRuns: figures.filter((f) => f.detected).length, medianOnsetError: errors.length ? median(errors) : null };
}

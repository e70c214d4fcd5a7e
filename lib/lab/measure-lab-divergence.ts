import { detectDivergence, type Divergence } from "../monitor/detect-divergence";
import { median } from "../monitor/noise-level";
import type { RubricInput } from "../rubrics/rubric-item-schema";
import { LAB_DIVERGENCE_PAIRS } from "./lab-run-config";
import { runLab } from "./run-lab";
import type { StepMetrics } from "./summarize-lab";

export type LabDivergenceFigures = { seed: number; hackOnset: number | null; firstDetection: number | null; detections: number; delay: number | null };

/** The first step whose hack rate exceeds the first step's by 0.1: when the hack has taken hold. */
export function hackOnset(steps: StepMetrics[]): number | null {
  const start = steps[0]?.metrics.hack_rate ?? 0;
  return steps.find((s) => (s.metrics.hack_rate ?? 0) > start + 0.1)?.step ?? null;
}

/** Every divergence the monitor finds in a lab run's metrics, over the pairs a lab run configures. */
export function labDivergences(steps: StepMetrics[]): Divergence[] {
  const series = new Map<string, { step: number; value: number }[]>();
  for (const { step, metrics } of steps) {
    for (const [name, value] of Object.entries(metrics)) {
      if (!Number.isFinite(value)) continue;
      const list = series.get(name) ?? [];
      list.push({ step, value });
      series.set(name, list);
    }
  }
  return LAB_DIVERGENCE_PAIRS.flatMap((pair) => detectDivergence(series.get(pair.proxy) ?? [], series.get(pair.reference) ?? [], pair));
}

/** Trains the lab per seed and measures how long after the hack's onset the monitor first fires. */
export async function measureLabDivergence({ rubric, seeds, steps }: { rubric: RubricInput; seeds: number[]; steps?: number }) {
  const figures: LabDivergenceFigures[] = [];
  for (const seed of seeds) {
    const result = await runLab({ rubric, seed, steps, sampleRolloutsPerStep: 0 });
    const detections = labDivergences(result.steps);
    const firstDetection = detections.length ? Math.min(...detections.map((d) => d.firstFiredAtStep)) : null;
    const onset = hackOnset(result.steps);
    figures.push({ seed, hackOnset: onset, firstDetection, detections: detections.length, delay: onset !== null && firstDetection !== null ? firstDetection - onset : null });
  }
  const delays = figures.flatMap((f) => (f.delay === null ? [] : [f.delay]));
  return { figures, medianDelay: delays.length ? median(delays) : null, runsWithDetection: figures.filter((f) => f.detections > 0).length };
}

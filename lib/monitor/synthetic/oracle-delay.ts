import { normalDraw } from "../../random/distributions";
import { createRng, deriveSeed } from "../../random/prng";
import { rise, type SyntheticRun } from "./generate-synthetic-run";

/**
 * The delay of an oracle on a run with a planted divergence: it knows the start step, the shape,
 * the proxy's expected path and its noise law (AR coefficient and innovation σ), and only not the
 * size. At every step after the start it tests the matched filter of the shape, whitened by the
 * known law, against the threshold that gives the same false-alarm rate per run over all those
 * looks. Steps from the start to its first firing; null when it never fires.
 */
export function oracleDelay(run: SyntheticRun, falseAlarmRate: number): number | null {
  const planted = run.divergence;
  if (!planted) return null;
  const { phi, innovationSd } = run.proxyNoise;
  const steps = run.proxy.map((p) => p.step);
  const deviation = run.proxy.map((p, i) => p.value - run.proxyMean[i]!);
  const filter = steps.map((s) => rise(s, planted));
  const start = steps.findIndex((s) => s > planted.startStep);
  if (start < 1) return null;
  const threshold = oracleThreshold(phi, planted, steps.length - start, falseAlarmRate);
  let sumHY = 0;
  let sumHH = 0;
  for (let i = start; i < steps.length; i++) {
    const h = filter[i]! - phi * filter[i - 1]!;
    sumHY += h * (deviation[i]! - phi * deviation[i - 1]!);
    sumHH += h * h;
    if (sumHY / (innovationSd * Math.sqrt(sumHH)) >= threshold) return steps[i]! - planted.startStep;
  }
  return null;
}

const thresholds = new Map<string, number>();

/** The (1 − rate) quantile of the running statistic's maximum under no divergence, by 2,000 seeded simulations. */
function oracleThreshold(phi: number, planted: { startStep: number; shape: "ramp" | "step" }, looks: number, falseAlarmRate: number): number {
  const key = `${phi}:${planted.shape}:${looks}:${falseAlarmRate}`;
  const known = thresholds.get(key);
  if (known !== undefined) return known;
  const rng = createRng(deriveSeed("oracle-threshold", key));
  const filter = Array.from({ length: looks + 1 }, (_, i) => rise(i, { startStep: 0, shape: planted.shape }));
  const maxima: number[] = [];
  for (let rep = 0; rep < 2000; rep++) {
    let sumHY = 0;
    let sumHH = 0;
    let max = -Infinity;
    for (let i = 1; i <= looks; i++) {
      const h = filter[i]! - phi * filter[i - 1]!;
      sumHY += h * normalDraw(rng);
      sumHH += h * h;
      max = Math.max(max, sumHY / Math.sqrt(sumHH));
    }
    maxima.push(max);
  }
  maxima.sort((a, b) => a - b);
  const threshold = maxima[Math.floor((1 - falseAlarmRate) * maxima.length)]!;
  thresholds.set(key, threshold);
  return threshold;
}

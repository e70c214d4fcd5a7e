import { normalDraw } from "../../random/distributions";
import { createRng, deriveSeed } from "../../random/prng";
import { rise, type SyntheticRun } from "./generate-synthetic-run";

export type OracleKnowledge = {
  /**
   * Whether the oracle knows the proxy's level before the divergence (true: the oracle, it
   * knows the expected path). Without it, it knows the path's shape but fits its offset from all the
   * points so far by GLS, as any monitor must; under AR(0.9) noise that is most of what separates
   * the two (a level is worth about n(1 − φ)/(1 + φ) points).
   */
  knowsLevel: boolean;
};

/**
 * The delay of an oracle on a run with a planted divergence: it knows the start step, the shape,
 * the proxy's expected path (its level too, unless `knowsLevel` is false) and its noise law (AR
 * coefficient and innovation σ), and only not the size. At every step after the start it tests the
 * matched filter of the shape, whitened by the known law, against the threshold that gives the same
 * false-alarm rate per run over all those looks. Steps from the start to its first firing; null
 * when it never fires.
 */
export function oracleDelay(run: SyntheticRun, falseAlarmRate: number, { knowsLevel }: OracleKnowledge = { knowsLevel: true }): number | null {
  const planted = run.divergence;
  if (!planted) return null;
  const { phi, innovationSd } = run.proxyNoise;
  const steps = run.proxy.map((p) => p.step);
  const deviation = run.proxy.map((p, i) => p.value - run.proxyMean[i]!);
  const filter = steps.map((s) => rise(s, planted));
  const start = steps.findIndex((s) => s > planted.startStep);
  if (start < 1) return null;
  const fitsLevel = !knowsLevel && 1 - phi > 1e-9;
  const threshold = oracleThreshold(phi, planted.shape, fitsLevel ? start : 0, steps.length - start, falseAlarmRate);
  const sums = newSums();
  for (let i = 1; i < steps.length; i++) {
    const h = filter[i]! - phi * filter[i - 1]!;
    add(sums, fitsLevel ? 1 - phi : 0, h, deviation[i]! - phi * deviation[i - 1]!);
    if (i >= start && statistic(sums) / innovationSd >= threshold) return steps[i]! - planted.startStep;
  }
  return null;
}

type Sums = { ww: number; wh: number; hh: number; wy: number; hy: number };

function newSums(): Sums {
  return { ww: 0, wh: 0, hh: 0, wy: 0, hy: 0 };
}

function add(s: Sums, w: number, h: number, y: number): void {
  s.ww += w * w;
  s.wh += w * h;
  s.hh += h * h;
  s.wy += w * y;
  s.hy += h * y;
}

/** The matched filter's t (times the innovation σ): with the level column w partialled out when there is one. */
function statistic(s: Sums): number {
  if (s.ww === 0) return s.hh > 0 ? s.hy / Math.sqrt(s.hh) : -Infinity;
  const hh = s.hh - (s.wh * s.wh) / s.ww;
  return hh > 1e-12 ? (s.hy - (s.wh * s.wy) / s.ww) / Math.sqrt(hh) : -Infinity;
}

const thresholds = new Map<string, number>();

/** The (1 − rate) quantile of the running statistic's maximum over the looks under no divergence, by 2,000 seeded simulations (`before`: rows before the start that fit the level). */
function oracleThreshold(phi: number, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number): number {
  const key = `${phi}:${shape}:${before}:${looks}:${falseAlarmRate}`;
  const known = thresholds.get(key);
  if (known !== undefined) return known;
  const rng = createRng(deriveSeed("oracle-threshold", key));
  const filter = Array.from({ length: looks + 1 }, (_, i) => rise(i, { startStep: 0, shape }));
  const maxima: number[] = [];
  for (let rep = 0; rep < 2000; rep++) {
    const sums = newSums();
    for (let i = 1; i < before; i++) add(sums, 1 - phi, 0, normalDraw(rng));
    let max = -Infinity;
    for (let i = 1; i <= looks; i++) {
      add(sums, before > 0 ? 1 - phi : 0, filter[i]! - phi * filter[i - 1]!, normalDraw(rng));
      max = Math.max(max, statistic(sums));
    }
    maxima.push(max);
  }
  maxima.sort((a, b) => a - b);
  const threshold = maxima[Math.floor((1 - falseAlarmRate) * maxima.length)]!;
  thresholds.set(key, threshold);
  return threshold;
}

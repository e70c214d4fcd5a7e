import { normalDraw } from "../../random/distributions";
import { createRng, deriveSeed, type Rng } from "../../random/prng";
import { rise, type SyntheticRun } from "./generate-synthetic-run";

export type OracleKnowledge = {
  /**
   * Whether the oracle knows the proxy's level before the divergence (true: the oracle, it
   * knows the expected path). Without it, it knows the path's shape but fits its offset from all the
   * points so far by GLS, as any monitor must; under AR(0.9) noise that is most of what separates
   * the two (a level is worth about n(1 − φ)/(1 + φ) points).
   */
  knowsLevel: boolean;
  /**
   * Whether it knows the noise law (φ and the innovation σ). Without it (and then without the level
   * too) it profiles ρ over the monitor's grid in both models and tests their likelihood ratio, as
   * the monitor does, at a threshold that holds the false-alarm rate under AR(1) noise at every φ
   * the families have (0, 0.5, 0.9, 0.95) and under a random walk: what the monitor must hold.
   */
  knowsNoiseLaw?: boolean;
};

/**
 * The delay of an oracle on a run with a planted divergence: it knows the start step, the shape,
 * the proxy's expected path (its level too, unless `knowsLevel` is false) and its noise law (AR
 * coefficient and innovation σ), and only not the size. At every step after the start it tests the
 * matched filter of the shape, whitened by the known law, against the threshold that gives the same
 * false-alarm rate per run over all those looks. Steps from the start to its first firing; null
 * when it never fires.
 */
export function oracleDelay(run: SyntheticRun, falseAlarmRate: number, { knowsLevel, knowsNoiseLaw = true }: OracleKnowledge = { knowsLevel: true }): number | null {
  const planted = run.divergence;
  if (!planted) return null;
  if (!knowsNoiseLaw) return profilingOracleDelay(run, falseAlarmRate);
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

export type Sums = { ww: number; wh: number; hh: number; wy: number; hy: number };

export function newSums(): Sums {
  return { ww: 0, wh: 0, hh: 0, wy: 0, hy: 0 };
}

export function add(s: Sums, w: number, h: number, y: number): void {
  s.ww += w * w;
  s.wh += w * h;
  s.hh += h * h;
  s.wy += w * y;
  s.hy += h * y;
}

/** The matched filter's t (times the innovation σ): with the level column w partialled out when there is one. */
export function statistic(s: Sums): number {
  if (s.ww === 0) return s.hh > 0 ? s.hy / Math.sqrt(s.hh) : -Infinity;
  const hh = s.hh - (s.wh * s.wh) / s.ww;
  return hh > 1e-12 ? (s.hy - (s.wh * s.wy) / s.ww) / Math.sqrt(hh) : -Infinity;
}

const thresholds = new Map<string, number>();

/**
 * The (1 − rate) quantile of a statistic's maximum over the looks under no divergence, from
 * `replicates` seeded draws of `maximumUnderNull` (the seed derives from `key`), memoised by `key`.
 */
export function simulatedThreshold(key: string, replicates: number, falseAlarmRate: number, maximumUnderNull: (rng: Rng) => number): number {
  const known = thresholds.get(key);
  if (known !== undefined) return known;
  const rng = createRng(deriveSeed("oracle-threshold", key));
  const maxima = Array.from({ length: replicates }, () => maximumUnderNull(rng));
  maxima.sort((a, b) => a - b);
  const threshold = maxima[Math.floor((1 - falseAlarmRate) * maxima.length)]!;
  thresholds.set(key, threshold);
  return threshold;
}

/** The (1 − rate) quantile of the running statistic's maximum over the looks under no divergence, by 2,000 seeded simulations (`before`: rows before the start that fit the level). */
function oracleThreshold(phi: number, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number): number {
  const filter = Array.from({ length: looks + 1 }, (_, i) => rise(i, { startStep: 0, shape }));
  return simulatedThreshold(`${phi}:${shape}:${before}:${looks}:${falseAlarmRate}`, 2000, falseAlarmRate, (rng) => {
    const sums = newSums();
    for (let i = 1; i < before; i++) add(sums, 1 - phi, 0, normalDraw(rng));
    let max = -Infinity;
    for (let i = 1; i <= looks; i++) {
      add(sums, before > 0 ? 1 - phi : 0, filter[i]! - phi * filter[i - 1]!, normalDraw(rng));
      max = Math.max(max, statistic(sums));
    }
    return max;
  });
}

/** The null laws a monitor that is not told the noise must hold its false-alarm rate under (1: a random walk). */
const NULL_PHIS = [0, 0.5, 0.9, 0.95, 1];

/** The oracle denied the noise law and the level: ρ profiled on the monitor's grid, the signed likelihood ratio of level + c·h against the level alone. */
function profilingOracleDelay(run: SyntheticRun, falseAlarmRate: number): number | null {
  const planted = run.divergence!;
  const steps = run.proxy.map((p) => p.step);
  const start = steps.findIndex((s) => s > planted.startStep);
  if (start < 1) return null;
  const threshold = Math.max(...NULL_PHIS.map((phi) => profilingThreshold(phi, planted.shape, start, steps.length - start, falseAlarmRate)));
  const deviation = run.proxy.map((p, i) => p.value - run.proxyMean[i]!);
  const ratios = profiledRatios(deviation, steps.map((s) => rise(s, planted)), start);
  const at = ratios.findIndex((r) => r >= threshold);
  return at < 0 ? null : steps[start + at]! - planted.startStep;
}

/** The signed root likelihood ratio at each look from index `start` on, ρ profiled on the grid in both models. */
function profiledRatios(series: readonly number[], filter: readonly number[], start: number): number[] {
  // Per ρ: Σw², Σwh, Σh², Σwy, Σhy, Σy² of the transformed rows (w the level's column).
  const sums = new Float64Array(6 * PROFILE_RHOS.length);
  const ratios: number[] = [];
  for (let i = 1; i < series.length; i++) {
    let null0 = Infinity;
    let alt = Infinity;
    let sign = 1;
    for (let k = 0; k < PROFILE_RHOS.length; k++) {
      const rho = PROFILE_RHOS[k]!;
      const [w, h, y] = [1 - rho, filter[i]! - rho * filter[i - 1]!, series[i]! - rho * series[i - 1]!];
      const o = 6 * k;
      const ww = (sums[o] = sums[o]! + w * w);
      const wh = (sums[o + 1] = sums[o + 1]! + w * h);
      const hh0 = (sums[o + 2] = sums[o + 2]! + h * h);
      const wy = (sums[o + 3] = sums[o + 3]! + w * y);
      const hy0 = (sums[o + 4] = sums[o + 4]! + h * y);
      const yy = (sums[o + 5] = sums[o + 5]! + y * y);
      if (i < start) continue;
      const rss0 = ww > 0 ? yy - (wy * wy) / ww : yy;
      const hh = ww > 0 ? hh0 - (wh * wh) / ww : hh0;
      const hy = ww > 0 ? hy0 - (wh * wy) / ww : hy0;
      const rss1 = hh > 1e-12 ? rss0 - (hy * hy) / hh : rss0;
      null0 = Math.min(null0, rss0);
      if (rss1 < alt) [alt, sign] = [rss1, Math.sign(hy)];
    }
    if (i >= start) ratios.push(sign * Math.sqrt(Math.max(0, i * Math.log(null0 / alt))));
  }
  return ratios;
}

/** ρ on the monitor's grid (scan-change-point.ts). */
const PROFILE_RHOS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 1];

/** The (1 − rate) quantile of the profiled ratio's maximum over the looks under AR(1) noise at φ (1: a walk), by 500 seeded simulations. */
function profilingThreshold(phi: number, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number): number {
  const n = before + looks;
  const filter = Array.from({ length: n }, (_, i) => rise(i, { startStep: before - 1, shape }));
  return simulatedThreshold(`profiling:${phi}:${shape}:${before}:${looks}:${falseAlarmRate}`, 500, falseAlarmRate, (rng) => Math.max(...profiledRatios(unitAr1Noise(rng, phi, n), filter, before)));
}

/**
 * The delay of an oracle told everything the is (the shape, the proxy's expected path less
 * its level, which it fits by GLS, and the noise law) except the start: reading along every step
 * from `firstLook` on, it takes the largest matched-filter t over every start τ before the current
 * step (at least one point after it), against the threshold that holds the false-alarm rate per run
 * over all those looks. What not knowing the start costs by itself; null when it never fires.
 */
export function startUnknownOracleDelay(run: SyntheticRun, falseAlarmRate: number, firstLook = 50): number | null {
  const planted = run.divergence;
  if (!planted) return null;
  const { phi, innovationSd } = run.proxyNoise;
  const deviation = run.proxy.map((p, i) => (p.value - run.proxyMean[i]!) / innovationSd);
  const threshold = startUnknownThreshold(phi, planted.shape, deviation.length, firstLook, falseAlarmRate);
  const statistics = runningMaxima(deviation, phi, planted.shape, firstLook);
  const at = statistics.findIndex((t, i) => t >= threshold && run.proxy[firstLook - 1 + i]!.step > planted.startStep);
  return at < 0 ? null : run.proxy[firstLook - 1 + at]!.step - planted.startStep;
}

/** At every look from `firstLook` points on, the largest t over starts τ (τ ≥ 4, one point after it at least), the level fitted by GLS, unit innovations. */
function runningMaxima(series: readonly number[], phi: number, shape: "ramp" | "step", firstLook: number): number[] {
  const n = series.length;
  const fitsLevel = 1 - phi > 1e-9;
  const sums = Array.from({ length: n }, newSums);
  const level = newSums();
  const maxima: number[] = [];
  for (let i = 1; i < n; i++) {
    const w = fitsLevel ? 1 - phi : 0;
    const y = series[i]! - phi * series[i - 1]!;
    // Start τ means the change begins after point τ (0-based); rows before it hold the level alone.
    for (let tau = 4; tau < i; tau++) {
      const h = rise(i, { startStep: tau, shape }) - phi * rise(i - 1, { startStep: tau, shape });
      if (tau === i - 1) Object.assign(sums[tau]!, level);
      add(sums[tau]!, w, h, y);
    }
    add(level, w, 0, y);
    if (i + 1 < firstLook) continue;
    let max = -Infinity;
    for (let tau = 4; tau < i; tau++) max = Math.max(max, statistic(sums[tau]!));
    maxima.push(max);
  }
  return maxima;
}

/** The (1 − rate) quantile of the running maxima's maximum over the looks under the law φ, by 1,000 seeded simulations. */
function startUnknownThreshold(phi: number, shape: "ramp" | "step", length: number, firstLook: number, falseAlarmRate: number): number {
  return simulatedThreshold(`start-unknown:${phi}:${shape}:${length}:${firstLook}:${falseAlarmRate}`, 1000, falseAlarmRate, (rng) => Math.max(...runningMaxima(unitAr1Noise(rng, phi, length), phi, shape, firstLook)));
}

/** n points of AR(1) noise with unit innovations, started from its stationary law (from 0 when φ = 1). */
export function unitAr1Noise(rng: Rng, phi: number, n: number): number[] {
  const noise: number[] = [];
  let x = phi < 1 ? normalDraw(rng) / Math.sqrt(1 - phi * phi) : 0;
  for (let i = 0; i < n; i++) {
    noise.push(x);
    x = phi * x + normalDraw(rng);
  }
  return noise;
}

import { normalDraw } from "../../random/distributions";
import { rise, type SyntheticRun } from "./generate-synthetic-run";
import { add, newSums, simulatedThreshold, statistic, unitAr1Noise } from "./oracle-delay";

/**
 * Two more oracles told the start and the shape but not the noise law, each a way a monitor might
 * learn the noise without letting the divergence read as noise (docs/runs.md, "Phase I, HAC"):
 * one estimates the law on the points before the start only (Phase I / Phase II), one tests by
 * least squares with a HAC standard error (a Chow test at the known break). Both at a false-alarm
 * rate per run that holds under every null law of `nulls`.
 */
/**
 * The delay of an oracle told the start and the shape (and the proxy's expected path less its
 * level) but not the noise law, which it estimates in a Phase I on the points before the start
 * only: φ and the innovation σ by least squares of y_t on (1, y_{t−1}), φ held in [0, 1]. After the
 * start (Phase II) it tests the matched filter whitened at that φ, the level fitted by GLS over all
 * points so far, in units of the Phase I σ, so the divergence can neither read as persistence nor
 * inflate the noise. Its threshold holds the false-alarm rate per run under each null law the
 * monitor must hold (AR(1) at φ 0, 0.5, 0.9, 0.95, a random walk, and a walk under white noise as
 * the generator draws it), the Phase I estimate simulated with it: the best any Phase I / Phase II
 * monitor can do, since it is also told where Phase I ends. Null when it never fires.
 */
export function phaseOneOracleDelay(run: SyntheticRun, falseAlarmRate: number, nulls: NullLawSet = "monitor"): number | null {
  return knownStartDelay(run, falseAlarmRate, nulls, phaseOneThreshold, phaseTwoStatistics);
}

/** The delay of an oracle told the start and shape testing `statisticsOf` at each look after the start against the largest of its thresholds under the laws of `nulls`. */
function knownStartDelay(run: SyntheticRun, falseAlarmRate: number, nulls: NullLawSet, thresholdUnder: typeof phaseOneThreshold, statisticsOf: typeof phaseTwoStatistics): number | null {
  const planted = run.divergence;
  if (!planted) return null;
  const steps = run.proxy.map((p) => p.step);
  const start = steps.findIndex((s) => s > planted.startStep);
  if (start < PHASE_ONE_MIN_POINTS) return null;
  const threshold = Math.max(...NULL_LAW_SETS[nulls].map((law) => thresholdUnder(law, planted.shape, start, steps.length - start, falseAlarmRate)));
  const deviation = run.proxy.map((p, i) => p.value - run.proxyMean[i]!);
  const statistics = statisticsOf(deviation, steps.map((s) => rise(s, planted)), start);
  const at = statistics.findIndex((t) => t >= threshold);
  return at < 0 ? null : steps[start + at]! - planted.startStep;
}

const PHASE_ONE_MIN_POINTS = 20;

/** φ in [0, 1] and the innovation σ of y_t = α + φ·y_{t−1} + ε_t on the first `count` points. */
export function phaseOneLaw(series: readonly number[], count: number): { phi: number; sigma: number } {
  let [sx, sy, sxx, sxy, syy] = [0, 0, 0, 0, 0];
  const m = count - 1;
  for (let t = 1; t < count; t++) {
    const [x, y] = [series[t - 1]!, series[t]!];
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const vxx = sxx - (sx * sx) / m;
  const vxy = sxy - (sx * sy) / m;
  const vyy = syy - (sy * sy) / m;
  const phi = vxx > 0 ? Math.min(1, Math.max(0, vxy / vxx)) : 0;
  // Residual variance at the held φ (the intercept refitted).
  const rss = vyy - 2 * phi * vxy + phi * phi * vxx;
  return { phi, sigma: Math.sqrt(Math.max(rss, 1e-300) / Math.max(1, m - 2)) };
}

/** Phase II: at each look from index `start` on, the matched filter's t in Phase I σ units, under the likelier Phase I model. */
function phaseTwoStatistics(series: readonly number[], filter: readonly number[], start: number): number[] {
  const ar = phaseOneLaw(series, start);
  const level = localLevelLaw(series, start);
  if (level.logLikelihood > arLogLikelihood(ar.sigma, start)) return localLevelStatistics(series, filter, start, level);
  const { phi, sigma } = ar;
  const sums = newSums();
  const fitsLevel = 1 - phi > 1e-9;
  const out: number[] = [];
  for (let i = 1; i < series.length; i++) {
    add(sums, fitsLevel ? 1 - phi : 0, filter[i]! - phi * filter[i - 1]!, series[i]! - phi * series[i - 1]!);
    if (i >= start) out.push(statistic(sums) / sigma);
  }
  return out;
}

/** Concentrated Gaussian log likelihood of an AR(1) fit (two parameters) with innovation σ on `count` points (count − 1 rows). */
function arLogLikelihood(sigma: number, count: number): number {
  const m = count - 1;
  return -0.5 * m * Math.log(sigma * sigma) - 2;
}

/** A level that wanders (steps of variance q·σ²) under white noise σ²: the q on a grid that fits the first `count` points best, its σ and likelihood (one parameter fewer than it has, to match the AR fit's count). */
function localLevelLaw(series: readonly number[], count: number): { q: number; sigma: number; logLikelihood: number } {
  let best = { q: 0, sigma: 0, logLikelihood: -Infinity };
  for (const q of [0.03, 0.1, 0.3, 1, 3, 10]) {
    let [level, variance, ss, logF] = [series[0]!, 1 + q, 0, 0];
    for (let t = 1; t < count; t++) {
      const f = variance + 1;
      const v = series[t]! - level;
      ss += (v * v) / f;
      logF += Math.log(f);
      const gain = variance / f;
      level += gain * v;
      variance = variance * (1 - gain) + q;
    }
    const m = count - 1;
    const sigma2 = ss / m;
    const logLikelihood = -0.5 * m * Math.log(sigma2) - 0.5 * logF - 2;
    if (logLikelihood > best.logLikelihood) best = { q, sigma: Math.sqrt(sigma2), logLikelihood };
  }
  return best;
}

/** The matched filter's t under the local level with the Phase I q and σ: the filter's innovations of the series and of the filter (its gains do not depend on the data), each scaled by its variance. */
function localLevelStatistics(series: readonly number[], filter: readonly number[], start: number, { q, sigma }: { q: number; sigma: number }): number[] {
  let [levelY, levelH, variance, hy, hh] = [series[0]!, filter[0]!, 1 + q, 0, 0];
  const out: number[] = [];
  for (let t = 1; t < series.length; t++) {
    const f = variance + 1;
    const [vy, vh] = [series[t]! - levelY, filter[t]! - levelH];
    hy += (vh * vy) / f;
    hh += (vh * vh) / f;
    const gain = variance / f;
    levelY += gain * vy;
    levelH += gain * vh;
    variance = variance * (1 - gain) + q;
    if (t >= start) out.push(hh > 1e-12 ? hy / Math.sqrt(hh) / sigma : -Infinity);
  }
  return out;
}

/** Null laws: AR(1) at φ with unit innovations, a random walk, or a walk (unit steps) under white noise of sd 2 (the generator's random-walks family). */
type NullLaw = { phi: number; whiteSd?: number };
const AR_NULLS: NullLaw[] = [{ phi: 0 }, { phi: 0.5 }, { phi: 0.9 }, { phi: 0.95 }];
/**
 * Which null laws the threshold holds under: `monitor`, those the profiling oracle holds (AR(1) at
 * the families' φ and a random walk) and a walk under white noise as the random-walks family draws
 * it; `families`, the same without the bare walk (no family has one); `ar`, AR(1) alone.
 */
export const NULL_LAW_SETS = {
  monitor: [...AR_NULLS, { phi: 1 }, { phi: 1, whiteSd: 2 }],
  families: [...AR_NULLS, { phi: 1, whiteSd: 2 }],
  ar: AR_NULLS,
} satisfies Record<string, NullLaw[]>;
export type NullLawSet = keyof typeof NULL_LAW_SETS;

/** The Phase I oracle's threshold under each law of `nulls` (the oracle takes the largest), for a Phase I of `before` points and `looks` looks after it. */
export function phaseOneThresholds(nulls: NullLawSet, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number): { law: string; threshold: number }[] {
  return NULL_LAW_SETS[nulls].map((law) => ({ law: law.whiteSd ? `walk under noise ${law.whiteSd}×` : law.phi === 1 ? "walk" : `AR(${law.phi})`, threshold: phaseOneThreshold(law, shape, before, looks, falseAlarmRate) }));
}

function phaseOneThreshold(law: NullLaw, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number): number {
  return nullLawThreshold(`phase-one:${law.phi}:${law.whiteSd ?? 0}:${shape}:${before}:${looks}:${falseAlarmRate}`, 1000, law, shape, before, looks, falseAlarmRate, phaseTwoStatistics);
}

/** The (1 − rate) quantile of `statisticsOf`'s maximum over the looks after `before` points, under the null law, from `replicates` seeded draws. */
function nullLawThreshold(key: string, replicates: number, law: NullLaw, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number, statisticsOf: typeof phaseTwoStatistics): number {
  const n = before + looks;
  const filter = Array.from({ length: n }, (_, i) => rise(i, { startStep: before - 1, shape }));
  return simulatedThreshold(key, replicates, falseAlarmRate, (rng) => {
    const noise = unitAr1Noise(rng, law.phi, n).map((v) => v + (law.whiteSd ?? 0) * normalDraw(rng));
    return Math.max(...statisticsOf(noise, filter, before));
  });
}

/**
 * The delay of an oracle told the start and the shape that tests the change by ordinary least
 * squares with a HAC (Newey–West, Bartlett kernel) standard error, the bandwidth by Andrews' AR(1)
 * plug-in from the residuals of the change model (so the divergence does not read as persistence):
 * a Chow / Wald test at the known break, with no noise model. Threshold as phaseOneOracleDelay's,
 * the maximum over the looks under each null law. Null when it never fires.
 */
export function hacOracleDelay(run: SyntheticRun, falseAlarmRate: number, nulls: NullLawSet = "monitor"): number | null {
  return knownStartDelay(run, falseAlarmRate, nulls, hacThreshold, hacStatistics);
}

/** At each look from `start` on: OLS of the series on (1, h) over all points so far, the t of h's coefficient with a Newey–West variance. */
function hacStatistics(series: readonly number[], filter: readonly number[], start: number): number[] {
  const out: number[] = [];
  for (let n = start + 1; n <= series.length; n++) {
    let [sh, sy, shh, shy] = [0, 0, 0, 0];
    for (let i = 0; i < n; i++) {
      sh += filter[i]!;
      sy += series[i]!;
      shh += filter[i]! * filter[i]!;
      shy += filter[i]! * series[i]!;
    }
    const [mh, my] = [sh / n, sy / n];
    const vhh = shh - n * mh * mh;
    if (!(vhh > 1e-12)) {
      out.push(-Infinity);
      continue;
    }
    const c = (shy - n * mh * my) / vhh;
    const a = my - c * mh;
    const u = series.slice(0, n).map((y, i) => y - a - c * filter[i]!);
    const hc = filter.slice(0, n).map((h) => h - mh);
    // Andrews' AR(1) plug-in bandwidth from the residuals.
    let [num, den] = [0, 0];
    for (let i = 1; i < n; i++) {
      num += u[i]! * u[i - 1]!;
      den += u[i - 1]! * u[i - 1]!;
    }
    const rho = Math.min(0.97, Math.max(-0.97, den > 0 ? num / den : 0));
    const alpha = (4 * rho * rho) / (1 - rho) ** 4;
    const bandwidth = Math.min(n - 1, Math.ceil(1.1447 * Math.cbrt(alpha * n)));
    const g = hc.map((h, i) => h * u[i]!);
    let omega = dotRange(g, g, 0, n);
    for (let lag = 1; lag <= bandwidth; lag++) {
      let s = 0;
      for (let i = lag; i < n; i++) s += g[i]! * g[i - lag]!;
      omega += 2 * (1 - lag / (bandwidth + 1)) * s;
    }
    out.push(omega > 0 ? c / (Math.sqrt(omega) / vhh) : -Infinity);
  }
  return out;
}

function dotRange(a: readonly number[], b: readonly number[], from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += a[i]! * b[i]!;
  return s;
}

function hacThreshold(law: NullLaw, shape: "ramp" | "step", before: number, looks: number, falseAlarmRate: number): number {
  return nullLawThreshold(`hac:${law.phi}:${law.whiteSd ?? 0}:${shape}:${before}:${looks}:${falseAlarmRate}`, HAC_REPLICATES, law, shape, before, looks, falseAlarmRate, hacStatistics);
}

const HAC_REPLICATES = 400;

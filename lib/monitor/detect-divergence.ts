import { estimateOnset } from "./estimate-onset";
import { leastSquaresSlope } from "./least-squares-slope";
import { noiseLevel } from "./noise-level";
import { normalQuantile } from "./quantiles";
import { spearmanCorrelation } from "./spearman-correlation";

export type SeriesPoint = { step: number; value: number };

export type DivergenceOptions = {
  /** Aligned points in the shortest window; longer windows double it up to the whole series. */
  windowPoints?: number;
  /** Fewest aligned points worth testing. */
  minPoints?: number;
  /** The chance that a series without divergence fires anywhere (split over its windows, Bonferroni). */
  falseAlarmRate?: number;
  /** Longer series are averaged over runs of consecutive steps down to this many points. */
  maxPoints?: number;
};

export type WindowStats = {
  fromStep: number;
  toStep: number;
  points: number;
  proxySlope: number;
  referenceSlope: number;
  /** Each slope over its standard error under the series' noise: how many σ the window's line rises. */
  proxyZ: number;
  referenceZ: number;
  correlation: number;
};

export type Divergence = WindowStats & {
  /** The last step of the first window that fired: when a monitor reading along would have known. */
  firstFiredAtStep: number;
  windowsFired: number;
  /** Where the gap between the two (in noise units) starts to grow, by a hinge fit around the first window that fired. */
  onsetStep: number;
  thresholds: { proxyZ: number; gapZ: number; referenceZ: number; correlation: number };
  explanation: string;
};

/**
 * Windows over the steps both metrics logged where the proxy rises significantly (its slope, in
 * units of its own noise, above the Bonferroni-corrected normal quantile z), rises more than the
 * reference beyond chance (the difference of the two standardised slopes, whose spread is √2
 * when both trend alike, above √2·z), the reference does not rise significantly (under the
 * one-sided 5% quantile) and the two are not significantly rank-correlated (Spearman ρ under
 * 1.645/√(n−1)). Overlapping firing windows are one divergence, described by its strongest window,
 * from the earlier of its estimated onset and the first window that fired, to the last window's end.
 */
export function detectDivergence(proxy: readonly SeriesPoint[], reference: readonly SeriesPoint[], names: { proxy: string; reference: string }, options: DivergenceOptions = {}): Divergence[] {
  const { windowPoints = 20, minPoints = 8, falseAlarmRate = 0.01, maxPoints = 2000 } = options;
  const aligned = averageDown(alignOnSteps(proxy, reference), maxPoints);
  if (aligned.length < minPoints) return [];
  const width = Math.min(windowPoints, aligned.length);
  const windows = windowWidths(aligned.length, width).flatMap((w) => windowStarts(aligned.length, w).map((start) => ({ start, width: w })));
  const z = normalQuantile(1 - falseAlarmRate / windows.length);
  const thresholds = {
    proxyZ: z,
    gapZ: Math.SQRT2 * z,
    referenceZ: normalQuantile(0.95),
    correlation: normalQuantile(0.95),
  };
  const noise = { proxy: noiseLevel(aligned.map((a) => a.proxy)), reference: noiseLevel(aligned.map((a) => a.reference)) };
  // A window's ρ is compared with 1.645/√(n−1), its one-sided 5% point under independence.
  const fired = windows
    .map(({ start, width: w }) => windowStats(aligned.slice(start, start + w), noise))
    .filter((w) => w.proxyZ > thresholds.proxyZ && w.proxyZ - w.referenceZ > thresholds.gapZ && w.referenceZ < thresholds.referenceZ && w.correlation < thresholds.correlation / Math.sqrt(w.points - 1))
    .sort((a, b) => a.fromStep - b.fromStep || a.toStep - b.toStep);
  return mergeOverlapping(fired).map((episode) => {
    // The gap between the standardised series, up to the end of the first window that fired.
    const around = aligned.filter((a) => a.step <= episode.first.toStep);
    const gap = around.map((a) => a.proxy / (noise.proxy || 1) - a.reference / (noise.reference || 1));
    const onsetStep = estimateOnset(around.map((a) => a.step), gap);
    return describe(episode, onsetStep, thresholds, names);
  });
}

type AlignedPoint = { step: number; proxy: number; reference: number };

function alignOnSteps(proxy: readonly SeriesPoint[], reference: readonly SeriesPoint[]): AlignedPoint[] {
  const ref = new Map(reference.map((p) => [p.step, p.value]));
  return proxy
    .filter((p) => ref.has(p.step))
    .map((p) => ({ step: p.step, proxy: p.value, reference: ref.get(p.step)! }))
    .sort((a, b) => a.step - b.step);
}

/**
 * A million-step run averaged over runs of consecutive steps (each standing at its last step), so
 * the windows cost the same at any length; averaging keeps trends and shrinks the noise alike.
 */
function averageDown(points: AlignedPoint[], maxPoints: number): AlignedPoint[] {
  if (points.length <= maxPoints) return points;
  const size = Math.ceil(points.length / maxPoints);
  const averaged: AlignedPoint[] = [];
  for (let start = 0; start < points.length; start += size) {
    const chunk = points.slice(start, start + size);
    const mean = (f: (p: AlignedPoint) => number) => chunk.reduce((s, p) => s + f(p), 0) / chunk.length;
    averaged.push({ step: chunk.at(-1)!.step, proxy: mean((p) => p.proxy), reference: mean((p) => p.reference) });
  }
  return averaged;
}

/** The shortest window, then doubling, up to the whole series. */
function windowWidths(length: number, shortest: number): number[] {
  const widths: number[] = [];
  for (let w = shortest; w < length; w *= 2) widths.push(w);
  return [...widths, length];
}

/** Starts a quarter window apart, and always the window that ends at the last point. */
function windowStarts(length: number, width: number): number[] {
  const stride = Math.max(1, Math.floor(width / 4));
  const starts: number[] = [];
  for (let start = 0; start + width <= length; start += stride) starts.push(start);
  if (starts.at(-1) !== length - width) starts.push(length - width);
  return starts;
}

function windowStats(window: AlignedPoint[], noise: { proxy: number; reference: number }): WindowStats {
  const steps = window.map((w) => w.step);
  const p = leastSquaresSlope(steps, window.map((w) => w.proxy));
  const r = leastSquaresSlope(steps, window.map((w) => w.reference));
  return {
    fromStep: steps[0]!,
    toStep: steps.at(-1)!,
    points: window.length,
    proxySlope: p.slope,
    referenceSlope: r.slope,
    proxyZ: zOf(p.slope, noise.proxy * p.slopeScale),
    referenceZ: zOf(r.slope, noise.reference * r.slopeScale),
    correlation: spearmanCorrelation(window.map((w) => w.proxy), window.map((w) => w.reference)),
  };
}

/** A noiseless series is certain of any slope it has. */
function zOf(slope: number, standardError: number): number {
  if (standardError > 0 && Number.isFinite(standardError)) return slope / standardError;
  return slope === 0 ? 0 : Math.sign(slope) * Infinity;
}

type Episode = { strongest: WindowStats; first: WindowStats; toStep: number; count: number };

/** Overlapping windows are one episode: reported from the start of the window that fired first (the earliest end) to the last end. */
function mergeOverlapping(windows: WindowStats[]): Episode[] {
  const episodes: Episode[] = [];
  for (const w of windows) {
    const last = episodes.at(-1);
    if (last && w.fromStep <= last.toStep) {
      last.toStep = Math.max(last.toStep, w.toStep);
      last.count++;
      if (w.toStep < last.first.toStep) last.first = w;
      if (w.proxyZ - w.referenceZ > last.strongest.proxyZ - last.strongest.referenceZ) last.strongest = w;
    } else episodes.push({ strongest: w, first: w, toStep: w.toStep, count: 1 });
  }
  return episodes;
}

function describe(
  episode: Episode,
  onsetStep: number,
  thresholds: Divergence["thresholds"],
  names: { proxy: string; reference: string },
): Divergence {
  const s = episode.strongest;
  const fromStep = Math.min(episode.first.fromStep, onsetStep);
  const explanation =
    `${names.proxy} rose ${fmt(s.proxySlope)}/step (${fmtZ(s.proxyZ)}σ) while ${names.reference} moved ${fmt(s.referenceSlope)}/step (${fmtZ(s.referenceZ)}σ) ` +
    `over steps ${s.fromStep}–${s.toStep}; Spearman ρ = ${s.correlation.toFixed(2)} over ${s.points} steps both logged. ` +
    `Diverging from step ${fromStep} to ${episode.toStep} (onset about step ${onsetStep}, ${episode.count} window${episode.count === 1 ? "" : "s"}); first seen at step ${episode.first.toStep}. ` +
    `Fires when the proxy rises above ${thresholds.proxyZ.toFixed(2)}σ and ${thresholds.gapZ.toFixed(2)}σ more than the reference, the reference stays under ${thresholds.referenceZ.toFixed(2)}σ and ρ under ${(thresholds.correlation / Math.sqrt(s.points - 1)).toFixed(2)}.`;
  return { ...s, fromStep, toStep: episode.toStep, firstFiredAtStep: episode.first.toStep, onsetStep, windowsFired: episode.count, thresholds, explanation };
}

function fmt(value: number): string {
  return Math.abs(value) >= 0.01 ? value.toFixed(3) : value.toPrecision(2);
}

function fmtZ(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : value > 0 ? "+∞" : "−∞";
}

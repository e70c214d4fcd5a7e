import { DIVERGENCE_THRESHOLD, REFERENCE_FALL_THRESHOLD } from "./divergence-threshold";
import { noiseLevel } from "./noise-level";
import { regressor, scanChangePoint, scanReferenceFall, type ChangePoint, type ChangeShape } from "./scan-change-point";

export type SeriesPoint = { step: number; value: number };
export type ChangeBasis = "gap" | "reference_fall";

export type DivergenceOptions = {
  /** Fewest aligned points worth testing: fewer cannot tell a trend from slowly wandering noise. */
  minPoints?: number;
  /** The likelihood-ratio t a change must pass; calibrated on synthetic runs (divergence-threshold.ts). */
  threshold?: number;
  /** Longer series are averaged over runs of consecutive steps down to this many points. */
  maxPoints?: number;
};

export type Divergence = {
  /** The onset (the last step before the proxy parted from its reference) to the last step both logged. */
  fromStep: number;
  toStep: number;
  onsetStep: number;
  /** Steps whose fit is within the 95% profile-likelihood bound of the onset's. */
  onsetInterval: { fromStep: number; toStep: number };
  shape: ChangeShape;
  /** For a ramp that levels off, the points it climbed for. */
  rampPoints: number | null;
  /** How far the proxy rose, from the onset to the last step, beyond what its reference accounts for (proxy units). */
  rise: number;
  /** The same rise in units of the proxy's per-step noise. */
  riseSigma: number;
  /** What rose: the gap proxy − b·reference, or (basis "reference_fall") the reference fell while the proxy climbed against it. */
  basis: ChangeBasis;
  statistic: number;
  threshold: number;
  /** b in proxy ≈ a + b·reference: how much the proxy is expected to move per unit of its reference. */
  coupling: number;
  /** The AR(1) coefficient of the gap's noise the test allowed for (1: a wandering gap, tested on its differences). */
  autocorrelation: number;
  /** The first step at which a monitor reading along (every step) would have fired. */
  firstFiredAtStep: number;
  points: number;
  explanation: string;
};

/**
 * Whether the proxy rose beyond what its reference accounts for, and from where: the likeliest
 * upward change (ramp or step) in proxy − b·reference against AR(1) or wandering-level noise
 * (scan-change-point.ts), reported when its likelihood-ratio t passes the calibrated threshold. One result per pair: the run's
 * whole record is one change-point fit, so more data can withdraw what less data showed.
 */
export function detectDivergence(proxy: readonly SeriesPoint[], reference: readonly SeriesPoint[], names: { proxy: string; reference: string }, options: DivergenceOptions = {}): Divergence | null {
  return assessDivergence(proxy, reference, names, options).divergence;
}

/**
 * The test's verdict with its numbers also when it does not fire: what a withdrawn case says.
 * `statistic` is the strongest evidence in the gap test's t units: a reference fall's t counts at
 * threshold / fall threshold of its value, so one number ranks runs and fires at `threshold`.
 */
export type DivergenceAssessment = { divergence: Divergence | null; statistic: number | null; threshold: number; points: number; lastStep: number | null };

export function assessDivergence(proxy: readonly SeriesPoint[], reference: readonly SeriesPoint[], names: { proxy: string; reference: string }, options: DivergenceOptions = {}): DivergenceAssessment {
  const { minPoints = MIN_POINTS, threshold = DIVERGENCE_THRESHOLD, maxPoints = 1000 } = options;
  const aligned = averageDown(alignOnSteps(proxy, reference), maxPoints);
  const base = { threshold, points: aligned.length, lastStep: aligned.at(-1)?.step ?? null };
  if (aligned.length < minPoints) return { ...base, divergence: null, statistic: null };
  const xs = aligned.map((a) => a.step);
  const ps = aligned.map((a) => a.proxy);
  const rs = aligned.map((a) => a.reference);
  const found = strongestChange(xs, ps, rs, threshold);
  if (!found) return { ...base, divergence: null, statistic: null };
  if (!(found.strength >= threshold)) return { ...base, divergence: null, statistic: found.strength };
  return { ...base, divergence: describe(found, { xs, ps, rs, threshold, minPoints, names }), statistic: found.strength };
}

export const MIN_POINTS = 50;

/**
 * A reference's fall must pass its own calibrated bar; its strength counts in the gap's t units as
 * t × threshold / fall threshold, so one number ranks runs and fires at `threshold`.
 */
const FALL_THRESHOLD_FACTOR = REFERENCE_FALL_THRESHOLD / DIVERGENCE_THRESHOLD;

type FoundChange = { change: ChangePoint; basis: ChangeBasis; changeThreshold: number; strength: number };

/** The gap's change and the reference's fall (when the two move against each other), the stronger relative to its threshold. */
function strongestChange(xs: readonly number[], ps: readonly number[], rs: readonly number[], threshold: number): FoundChange | null {
  const gap = scanChangePoint(xs, ps, rs);
  const fall = scanReferenceFall(xs, ps, rs);
  const candidates: FoundChange[] = [];
  if (gap) candidates.push({ change: gap, basis: "gap", changeThreshold: threshold, strength: gap.statistic });
  if (fall) candidates.push({ change: fall, basis: "reference_fall", changeThreshold: threshold * FALL_THRESHOLD_FACTOR, strength: fall.statistic / FALL_THRESHOLD_FACTOR });
  return candidates.sort((a, b) => b.strength - a.strength)[0] ?? null;
}

/** Whether the test fires on aligned arrays as they stand (the bench and the first-fired search read along with it). */
export function divergenceFires(xs: readonly number[], ps: readonly number[], rs: readonly number[], threshold = DIVERGENCE_THRESHOLD, minPoints = MIN_POINTS): boolean {
  return divergenceStrength(xs, ps, rs, threshold, minPoints) >= threshold;
}

/** The assessment's statistic on aligned arrays (0 under `minPoints`). */
export function divergenceStrength(xs: readonly number[], ps: readonly number[], rs: readonly number[], threshold = DIVERGENCE_THRESHOLD, minPoints = MIN_POINTS): number {
  if (xs.length < minPoints) return 0;
  return strongestChange(xs, ps, rs, threshold)?.strength ?? 0;
}

type AlignedPoint = { step: number; proxy: number; reference: number };

export function alignOnSteps(proxy: readonly SeriesPoint[], reference: readonly SeriesPoint[]): AlignedPoint[] {
  const ref = new Map(reference.map((p) => [p.step, p.value]));
  return proxy
    .filter((p) => ref.has(p.step) && Number.isFinite(p.value) && Number.isFinite(ref.get(p.step)))
    .map((p) => ({ step: p.step, proxy: p.value, reference: ref.get(p.step)! }))
    .sort((a, b) => a.step - b.step);
}

/**
 * A million-step run averaged over runs of consecutive steps (each standing at its last step), so
 * the scan costs the same at any length; averaging keeps trends and shrinks the noise alike.
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

/** The first prefix (from the onset on, at most 200 looks) on which the test fires. */
function firstFiredIndex(xs: number[], ps: number[], rs: number[], from: number, threshold: number, minPoints: number): number {
  const n = xs.length;
  const stride = Math.max(1, Math.floor((n - from) / 200));
  for (let end = Math.max(from + 2, minPoints); end < n; end += stride) {
    if (divergenceFires(xs.slice(0, end), ps.slice(0, end), rs.slice(0, end), threshold, minPoints)) return end - 1;
  }
  return n - 1;
}

function describe({ change, basis, changeThreshold }: FoundChange, { xs, ps, rs, threshold, minPoints, names }: { xs: number[]; ps: number[]; rs: number[]; threshold: number; minPoints: number; names: { proxy: string; reference: string } }): Divergence {
  const onsetStep = xs[change.index]!;
  const toStep = xs.at(-1)!;
  const rise = change.size * (regressor(xs, change).at(-1) ?? 0);
  const sigma = (basis === "gap" ? noiseLevel(ps) : noiseLevel(rs)) || change.noise;
  const riseSigma = sigma > 0 ? rise / sigma : Infinity;
  const onsetInterval = { fromStep: xs[change.interval[0]]!, toStep: xs[change.interval[1]]! };
  const firstFiredAtStep = xs[firstFiredIndex(xs, ps, rs, change.index, threshold, minPoints)]!;
  const how = change.shape === "step" ? (basis === "gap" ? "jumping" : "dropping") : change.rampPoints === null ? (basis === "gap" ? "climbing" : "falling") : `${basis === "gap" ? "climbing" : "falling"} for ${change.rampPoints} points`;
  const reference = change.coupling > 0 ? `${fmt(change.coupling)} × ${names.reference}` : `${names.reference} (which it does not follow here)`;
  const what =
    basis === "gap"
      ? `${names.proxy} rose ${fmt(rise)} (${riseSigma.toFixed(1)}σ of its noise) beyond what ${reference} accounts for, `
      : `${names.reference} fell ${fmt(rise)} (${riseSigma.toFixed(1)}σ of its noise) while ${names.proxy} climbed against it, `;
  const explanation =
    what +
    `${how} from about step ${onsetStep} (95% interval ${onsetInterval.fromStep}–${onsetInterval.toStep}) to step ${toStep}. ` +
    `Change-point t = ${change.statistic.toFixed(1)} against a threshold of ${changeThreshold.toFixed(1)}, allowing for noise autocorrelated at ρ = ${change.rho.toFixed(2)}` +
    `; a monitor reading along would have fired at step ${firstFiredAtStep}.`;
  return {
    fromStep: onsetStep,
    toStep,
    onsetStep,
    onsetInterval,
    shape: change.shape,
    rampPoints: change.rampPoints,
    rise,
    riseSigma,
    basis,
    statistic: change.statistic,
    threshold: changeThreshold,
    coupling: change.coupling,
    autocorrelation: change.rho,
    firstFiredAtStep,
    points: xs.length,
    explanation,
  };
}

function fmt(value: number): string {
  return Math.abs(value) >= 0.01 ? value.toFixed(3) : value.toPrecision(2);
}

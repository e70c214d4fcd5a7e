import { noiseLevel } from "./noise-level";

/**
 * The likeliest upward change in a proxy that its reference does not account for: the model is
 * proxy_t − b·reference_t = a + c·h_τ(t) + u_t with AR(1) noise u_t = ρ·u_{t−1} + ε_t, where
 * h_τ is a step (1 after x_τ), a ramp (max(0, x_t − x_τ): the proxy starts to climb after step
 * x_τ and keeps climbing) or a ramp that levels off after w points (w = 10, 25, 50 or 100: the
 * shape of a hack that takes over and saturates). b ≥ 0 (a proxy is meant to follow its reference,
 * never to move against it) is fitted per change, with the change taken out, within 1.5 standard
 * errors of the whole record's b, or below them when the change's own b is well determined and far
 * below (escapesBelow); the null at that τ uses the same b. The evidence is a likelihood ratio
 * against the likeliest null (scanProfiledChange): ρ is profiled out of both models on a grid, and
 * the null may also be a level that wanders under white noise. After the GLS transform y − ρ·y₋₁,
 * every τ and shape is scored in O(1) from suffix sums, so a scan over n points costs O(n) per ρ.
 */
export type ChangeShape = "ramp" | "step";
/** Points a levelling ramp climbs for. */
export const RAMP_WIDTHS = [10, 25, 50, 100];

export type ChangePoint = {
  /** Index of the last point before the change. */
  index: number;
  shape: ChangeShape;
  /** For a ramp that levels off, the points it climbs for (null: it climbs to the end). */
  rampPoints: number | null;
  /** Signed root of the likelihood ratio against the likeliest null, in t units (positive: the proxy rose beyond its reference). */
  statistic: number;
  /** c: per step of x for a ramp, in proxy units for a step. */
  size: number;
  /** Indices whose profile likelihood is within the 95% χ²₁ bound of the best (the onset's interval). */
  interval: [number, number];
  rho: number;
  /** The ρ the likeliest AR(1) null took (before a wandering level is compared with it). */
  nullRho: number;
  coupling: number;
  /** Standard deviation of the whitened noise ε, in proxy units. */
  noise: number;
};

/** Fewest points after the change a fit is scored on, so one spike at the end is not a change. */
export const MIN_POINTS_AFTER = 5;
const MIN_POINTS_BEFORE = 5;
const CHI_SQUARE_1_95 = 3.841;

export function scanChangePoint(xs: readonly number[], proxy: readonly number[], reference: readonly number[]): ChangePoint | null {
  const n = xs.length;
  if (n < MIN_POINTS_BEFORE + MIN_POINTS_AFTER + 2) return null;
  return scanProfiledChange(xs, proxy, { wanderingLevel: true, reference });
}

/**
 * The likeliest upward change with ρ profiled out of both models on a grid: the null (no change)
 * and the change model each take the ρ under which their whitened residuals are least. A wandering
 * series keeps a high ρ with or without a change; a change over white noise is whitest with the
 * change taken out. With `wanderingLevel` the null may also be a random walk under white noise (the
 * persistent noise an AR(1) mimics worst, localLevelFit). The evidence is the likelihood ratio
 * √(m·ln(RSS₀/RSS₁)) in t units (for a known ρ it is the change's t), for an upward change only,
 * the best over τ and shape. With `reference` the series is a proxy and each change is scored on
 * series − b·reference at that change's own b (couplingBounds), the null at τ on the same gap.
 */
export function scanProfiledChange(
  xs: readonly number[],
  series: readonly number[],
  { wanderingLevel, reference }: { wanderingLevel: boolean; reference?: readonly number[] },
): ChangePoint | null {
  const n = xs.length;
  if (n < MIN_POINTS_BEFORE + MIN_POINTS_AFTER + 2) return null;
  const coupled = reference ? couplingBounds(series, reference) : null;
  // Per onset τ and shape: the likeliest null's and change's whitened residual sums over ρ, both
  // on the gap at that change's b (fitted in levels, the ρ = 0 pass, RHO_GRID's first, and held).
  const nullRss = SHAPES.map(() => new Float64Array(n).fill(Infinity));
  const nullRhos = SHAPES.map(() => new Float64Array(n));
  const best = bestFits(n);
  let couplings: Float64Array[] | null = null;
  for (const rho of RHO_GRID) {
    const fits = scanGap(xs, series, reference ?? null, coupled, couplings, rho, best);
    if (!fits) continue;
    couplings ??= fits.couplings;
    for (let s = 0; s < SHAPES.length; s++)
      for (let tau = 0; tau < n; tau++) {
        if (fits.nullRss[s]![tau]! < nullRss[s]![tau]!) [nullRss[s]![tau], nullRhos[s]![tau]] = [fits.nullRss[s]![tau]!, rho];
      }
  }
  const wandering = wanderingLevel ? localLevelFit(series, reference ?? null) : null;
  let strongest: { ratio: number; tau: number; shape: number } | null = null;
  const ratios = SHAPES.map(() => new Float64Array(n).fill(-Infinity));
  for (let s = 0; s < SHAPES.length; s++)
    for (let tau = 0; tau < n; tau++) {
      const rss = best.rss[s]![tau]!;
      if (!(rss < Infinity) || !(nullRss[s]![tau]! < Infinity)) continue;
      const nullAt = wandering ? Math.min(nullRss[s]![tau]!, wandering(couplings![s]![tau]!)) : nullRss[s]![tau]!;
      ratios[s]![tau] = (n - 1) * Math.log(nullAt / rss);
      if (!strongest || ratios[s]![tau]! > strongest.ratio) strongest = { ratio: ratios[s]![tau]!, tau, shape: s };
    }
  if (!strongest) return null;
  // The onset's interval: every τ whose likelihood ratio (same shape) is within χ²₁(0.95) of the best's.
  const profile = ratios[strongest.shape]!;
  const within = [...profile.keys()].filter((i) => profile[i]! >= strongest.ratio - CHI_SQUARE_1_95);
  const [s, tau] = [strongest.shape, strongest.tau];
  const change = { index: tau, ...SHAPES[s]!, size: best.size[s]![tau]!, rho: best.rho[s]![tau]!, noise: best.noise[s]![tau]!, coupling: couplings![s]![tau]! };
  return { ...change, interval: [Math.min(...within), Math.max(...within)], statistic: Math.sqrt(Math.max(0, strongest.ratio)), nullRho: nullRhos[strongest.shape]![strongest.tau]! };
}

const SHAPES = [{ shape: "step" as const, rampPoints: null }, { shape: "ramp" as const, rampPoints: null }, ...RAMP_WIDTHS.map((w) => ({ shape: "ramp" as const, rampPoints: w }))];

/**
 * The whole record's b (couplingOf) and how far a change's own b may stray from it: 1.5 of its
 * standard errors (the gap's per-point noise over the reference's own variation). A change's b is
 * fitted with the change taken out, so a divergence that rises while the reference is still
 * learning does not pull b up and hide itself in the gap; the bound keeps a change that mimics the
 * shared learning curve (an early levelling ramp) from taking b down and fitting the curve itself.
 */
type CouplingBounds = { whole: number; low: number; high: number; referenceNoise2: number; gapNoise2: number; wholeSignal: number; points: number };

function couplingBounds(proxy: readonly number[], reference: readonly number[]): CouplingBounds {
  const n = proxy.length;
  const whole = couplingOf(proxy, reference);
  const referenceNoise2 = noiseLevel(reference) ** 2;
  const mr = reference.reduce((s, v) => s + v, 0) / n;
  const srr = reference.reduce((s, v) => s + (v - mr) ** 2, 0);
  const signal = Math.max(srr - n * referenceNoise2, srr / 4);
  const se = signal > 0 ? Math.sqrt((noiseLevel(proxy) ** 2 + whole * whole * referenceNoise2) / signal) : 0;
  return { whole, low: Math.max(0, whole - COUPLING_SE_BOUND * se), high: whole + COUPLING_SE_BOUND * se, referenceNoise2, gapNoise2: noiseLevel(proxy) ** 2 + whole * whole * referenceNoise2, wholeSignal: srr - n * referenceNoise2, points: n };
}

// At 2 the learning family without a divergence opened a case in 9 of the 200 calibration runs
// (4.5%, over the 4% a family may); at 1.5 in 4.
const COUPLING_SE_BOUND = 1.5;

/**
 * The null as a wandering level under white noise (a random walk with steps of variance q·σ² plus
 * noise σ²), the one persistent noise an AR(1) cannot mimic, for the q on a grid that fits best:
 * its concentrated Gaussian likelihood from the Kalman filter, as the residual sum of squares an
 * AR(1) fit of equal likelihood would have (Σv²/F · exp(mean ln F)), so the two compare directly;
 * as a function of the b of the gap series − b·reference.
 */
function localLevelFit(series: readonly number[], reference: readonly number[] | null): (coupling: number) => number {
  // For a fixed q the filter's gains do not depend on the data, so its innovations for
  // series − b·reference are those of the series less b times those of the reference, and the
  // weighted sum of squares is a quadratic in b.
  const fits = LOCAL_LEVEL_RATIOS.map((q) => {
    let [levelS, levelR] = [series[0]!, reference?.[0] ?? 0];
    let variance = 1 + q;
    let [ss, sr, rr] = [0, 0, 0];
    let logF = 0;
    for (let t = 1; t < series.length; t++) {
      const f = variance + 1;
      const vs = series[t]! - levelS;
      const vr = reference ? reference[t]! - levelR : 0;
      ss += (vs * vs) / f;
      sr += (vs * vr) / f;
      rr += (vr * vr) / f;
      logF += Math.log(f);
      const gain = variance / f;
      levelS += gain * vs;
      levelR += gain * vr;
      variance = variance * (1 - gain) + q;
    }
    return { ss, sr, rr, scale: Math.exp(logF / (series.length - 1)) };
  });
  return (b) => Math.min(...fits.map(({ ss, sr, rr, scale }) => (ss - 2 * b * sr + b * b * rr) * scale));
}

const LOCAL_LEVEL_RATIOS = [0.1, 0.3, 1, 3];

/** The AR(1) coefficients both models are fitted at (1: a wandering series, fitted on its differences). */
const RHO_GRID = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 1];

/**
 * The reference's own fall, when the proxy climbs against it: over the whole record the two are
 * correlated below −3/√n (independent noise gets there about once in 700 runs; a proxy rising
 * while its reference holds still or rises never does), and the reference alone, negated, is
 * scanned like a gap. b ≥ 0 drops a reference that moves against its proxy from the gap entirely,
 * so without this a hack that drives the true outcome down while the proxy climbs slowly reads as
 * a proxy wandering on its own. Null when the two are not anti-correlated or the reference did
 * not fall.
 */
export function scanReferenceFall(xs: readonly number[], proxy: readonly number[], reference: readonly number[]): ChangePoint | null {
  const n = xs.length;
  if (n < MIN_POINTS_BEFORE + MIN_POINTS_AFTER + 2 || !(correlation(proxy, reference) < -ANTI_CORRELATION_Z / Math.sqrt(n))) return null;
  const change = scanProfiledChange(xs, reference.map((r) => -r), { wanderingLevel: false });
  return change && change.statistic > 0 ? change : null;
}

const ANTI_CORRELATION_Z = 3;

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}

/** Per shape and onset τ, the best upward change over ρ so far: its whitened residual sum, size, ρ and noise. */
type BestFits = { rss: Float64Array[]; size: Float64Array[]; rho: Float64Array[]; noise: Float64Array[] };

function bestFits(n: number): BestFits {
  const arrays = () => SHAPES.map(() => new Float64Array(n));
  return { rss: SHAPES.map(() => new Float64Array(n).fill(Infinity)), size: arrays(), rho: arrays(), noise: arrays() };
}

/**
 * At one ρ, for every onset τ with the gap proxy − b_τ·reference: the null's whitened residual sum
 * and the best upward change's (over shapes). The sums of the proxy's and the reference's columns
 * are kept apart, so each τ's b costs O(1): the residual sum is a quadratic in b.
 */
function scanGap(
  xs: readonly number[],
  series: readonly number[],
  reference: readonly number[] | null,
  coupled: CouplingBounds | null,
  levels: Float64Array[] | null,
  rho: number,
  best: BestFits,
): { nullRss: Float64Array[]; couplings: Float64Array[] } | null {
  const n = xs.length;
  // Transformed rows t = 1..n−1; z holds the null regressor (the constant) after the transform.
  const m = n - 1;
  const y = new Float64Array(m);
  const q = new Float64Array(m);
  const d = new Float64Array(m);
  const z: Float64Array[] = [];
  if (1 - rho > 1e-9) z.push(new Float64Array(m).fill(1 - rho));
  for (let t = 1; t < n; t++) {
    y[t - 1] = series[t]! - rho * series[t - 1]!;
    if (reference) q[t - 1] = reference[t]! - rho * reference[t - 1]!;
    d[t - 1] = xs[t]! - rho * xs[t - 1]!;
  }
  const projector = gramInverse(z);
  const yTilde = residualize(y, z, projector);
  const qTilde = residualize(q, z, projector);
  const [a0, b0, c0] = [dot(yTilde, yTilde), dot(yTilde, qTilde), dot(qTilde, qTilde)];

  // Suffix sums from row r on of d·v and v for v in (ỹ, q̃, z…), of d², d and the row count.
  const vectors = [yTilde, qTilde, ...z];
  const suffix = (f: (r: number) => number) => {
    const s = new Float64Array(m + 1);
    for (let r = m - 1; r >= 0; r--) s[r] = s[r + 1]! + f(r);
    return s;
  };
  const sumDV = vectors.map((v) => suffix((r) => d[r]! * v[r]!));
  const sumV = vectors.map((v) => suffix((r) => v[r]!));
  const sumDD = suffix((r) => d[r]! * d[r]!);
  const sumD = suffix((r) => d[r]!);

  const nullRss = SHAPES.map(() => new Float64Array(n).fill(Infinity));
  const couplings = SHAPES.map(() => new Float64Array(n));
  const dof = m - z.length - 1;
  // h's dot products with (ỹ, q̃, z…), filled in place: this loop runs for every onset, shape and ρ,
  // and fresh arrays here were most of the monitor job's garbage.
  const width = vectors.length;
  const dots = new Float64Array(width);
  const hz = new Float64Array(width - 2);
  for (let tau = MIN_POINTS_BEFORE - 1; tau <= n - 1 - MIN_POINTS_AFTER; tau++) {
    // Row of point τ+1 is τ. A ramp's rows from there are d − (1−ρ)·x_τ; levelled at height H after
    // w points, (1−ρ)·H. A step's rows are 1, then (1−ρ).
    const r0 = tau;
    const k = (1 - rho) * xs[tau]!;
    for (let s = 0; s < SHAPES.length; s++) {
      const { shape, rampPoints } = SHAPES[s]!;
      let hNorm: number;
      if (shape === "step") {
        for (let j = 0; j < width; j++) dots[j] = vectors[j]![r0]! + (1 - rho) * sumV[j]![r0 + 1]!;
        hNorm = 1 + (1 - rho) ** 2 * (m - r0 - 1);
      } else {
        const to = rampPoints === null ? m : r0 + rampPoints;
        // Levelling off at or after the last point is the open ramp, scored already.
        if (rampPoints !== null && to >= m) continue;
        for (let j = 0; j < width; j++) dots[j] = sumDV[j]![r0]! - sumDV[j]![to]! - k * (sumV[j]![r0]! - sumV[j]![to]!);
        hNorm = sumDD[r0]! - sumDD[to]! - 2 * k * (sumD[r0]! - sumD[to]!) + k * k * (to - r0);
        if (rampPoints !== null) {
          const level = (1 - rho) * (xs[tau + rampPoints]! - xs[tau]!);
          for (let j = 0; j < width; j++) dots[j] = dots[j]! + level * sumV[j]![to]!;
          hNorm = hNorm + level * level * (m - to);
        }
      }
      const hy = dots[0]!;
      const hq = dots[1]!;
      for (let j = 2; j < width; j++) hz[j - 2] = dots[j]!;
      const norm = hNorm - quadratic(projector, hz);
      if (!(norm > 1e-12 * hNorm)) continue;
      const b = levels ? levels[s]![tau]! : coupled ? changeCoupling(b0 - (hy * hq) / norm, c0 - (hq * hq) / norm, m - z.length - 1, coupled) : 0;
      couplings[s]![tau] = b;
      const rss0 = a0 - 2 * b * b0 + b * b * c0;
      if (!(rss0 > 0)) continue;
      nullRss[s]![tau] = rss0;
      const hg = hy - b * hq;
      const size = hg / norm;
      if (!(size > 0)) continue;
      const rss = rss0 - (hg * hg) / norm;
      if (!(rss < best.rss[s]![tau]!)) continue;
      best.rss[s]![tau] = rss;
      best.size[s]![tau] = size;
      best.rho[s]![tau] = rho;
      best.noise[s]![tau] = Math.sqrt(Math.max(rss, 1e-300) / dof);
    }
  }
  return { nullRss, couplings };
}

/**
 * A change's b: the errors-in-variables slope with the change taken out (B and C its cross and
 * reference sums), within the bounds, unless its own b lies far below them and is well determined
 * (escapesBelow): a divergence that rises while the reference still learns pulls the whole record's
 * b, the bounds' centre, up with it, and the change's own b, fitted with the divergence taken out,
 * is then the better estimate.
 */
function changeCoupling(b: number, c: number, rows: number, bounds: CouplingBounds): number {
  const signal = Math.max(c - bounds.referenceNoise2 * rows, c / 4);
  const fitted = signal > 0 ? b / signal : 0;
  if (fitted < bounds.low && escapesBelow(fitted, c, rows, bounds)) return Math.max(0, fitted);
  return Math.min(bounds.high, Math.max(bounds.low, fitted));
}

/**
 * Whether a change's own b lies more than COUPLING_ESCAPE_Z standard errors of its difference
 * from the whole record's b below it (a Hausman comparison: under no change both estimate the same
 * b, the whole record's more precisely). Its standard error counts what the bounds' floor hid: a
 * change that mimics the shared learning curve (an early levelling ramp) leaves the reference
 * little of its own variation, so its b is unidentified, not merely noisy; such a change (the
 * reference's remaining variation C under 4/3 of its noise's, C − rows·σ²(reference) ≤ C/4) never
 * escapes. It also counts the error of the reference's noise variance, read from the median
 * absolute difference (relative sd about 2.3/√n; a b corrected for the reference's noise moves with
 * it, the change's and the whole record's in step).
 */
function escapesBelow(fitted: number, c: number, rows: number, { whole, referenceNoise2, gapNoise2, wholeSignal, points }: CouplingBounds): boolean {
  const signal = c - rows * referenceNoise2;
  if (!(signal > c / 4) || !(wholeSignal > 0)) return false;
  const sampling = Math.max(gapNoise2 / signal - gapNoise2 / wholeSignal, gapNoise2 / wholeSignal / 4);
  const noiseLevelError = ((fitted * rows) / signal - (whole * points) / wholeSignal) * referenceNoise2 * (NOISE_VARIANCE_RELATIVE_SD / Math.sqrt(points));
  return whole - fitted > COUPLING_ESCAPE_Z * Math.sqrt(sampling + noiseLevelError * noiseLevelError);
}

// The smallest of 3, 4, 5, 6 at which the learning family without a divergence (calibration seeds
// 1–50) fires no more often than with the bounds alone (2 of 50; at 3, 4 and 5: 12, 7 and 4).
const COUPLING_ESCAPE_Z = 6;
/** Relative sd of a variance read from the median absolute deviation: 2/√(2·0.37·n), 0.37 its efficiency. */
const NOISE_VARIANCE_RELATIVE_SD = 2.3;

/**
 * b of proxy ≈ a + b·reference, corrected for the reference's own noise (which would pull a plain
 * least-squares b towards 0 and leave part of a shared trend in the gap): Σ(r − r̄)² less n times
 * the reference's noise variance, never below a quarter of it. Held at 0 when negative.
 */
function couplingOf(proxy: readonly number[], reference: readonly number[]): number {
  const n = proxy.length;
  const mp = proxy.reduce((s, v) => s + v, 0) / n;
  const mr = reference.reduce((s, v) => s + v, 0) / n;
  let srr = 0;
  let srp = 0;
  for (let i = 0; i < n; i++) {
    srr += (reference[i]! - mr) ** 2;
    srp += (reference[i]! - mr) * (proxy[i]! - mp);
  }
  const signal = Math.max(srr - n * noiseLevel(reference) ** 2, srr / 4);
  return signal > 0 ? Math.max(0, srp / signal) : 0;
}

type ChangeAt = { index: number; shape: ChangeShape; rampPoints: number | null };

/** h_τ in levels: 0 up to the change, then 1 (step) or the steps since it (ramp), held once a levelling ramp has climbed its points. */
export function regressor(xs: readonly number[], { index, shape, rampPoints }: ChangeAt): number[] {
  const top = rampPoints === null ? Infinity : xs[Math.min(xs.length - 1, index + rampPoints)]! - xs[index]!;
  return xs.map((x, i) => (i <= index ? 0 : shape === "step" ? 1 : Math.min(top, x - xs[index]!)));
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** (Z'Z)⁻¹ for one or two columns (none: empty). */
function gramInverse(z: Float64Array[]): number[][] {
  if (z.length === 0) return [];
  if (z.length === 1) return [[1 / dot(z[0]!, z[0]!)]];
  const [a, b, c] = [dot(z[0]!, z[0]!), dot(z[0]!, z[1]!), dot(z[1]!, z[1]!)];
  const det = a * c - b * b;
  if (!(Math.abs(det) > 1e-12 * a * c)) return [[1 / a, 0], [0, 0]];
  return [[c / det, -b / det], [-b / det, a / det]];
}

function quadratic(inverse: number[][], g: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < g.length; i++) for (let j = 0; j < g.length; j++) s += g[i]! * inverse[i]![j]! * g[j]!;
  return s;
}

function residualize(y: Float64Array, z: Float64Array[], inverse: number[][]): Float64Array {
  const g = z.map((col) => dot(col, y));
  const beta = inverse.map((row) => row.reduce((s, v, j) => s + v * g[j]!, 0));
  return y.map((v, r) => v - z.reduce((s, col, j) => s + beta[j]! * col[r]!, 0));
}

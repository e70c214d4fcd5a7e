import { divergenceFires } from "../detect-divergence";
import { median } from "../noise-level";
import { generateSyntheticRun, type SyntheticRun } from "./generate-synthetic-run";
import { oracleDelay } from "./oracle-delay";
import type { DivergenceShape, NoiseFamily } from "./synthetic-families";

export type FalseAlarmFigures = { family: NoiseFamily; runs: number; firedOnce: number; firedPosted: number };

function arraysOf(run: SyntheticRun) {
  return { xs: run.proxy.map((p) => p.step), ps: run.proxy.map((p) => p.value), rs: run.reference.map((p) => p.value) };
}

/** Whether the monitor fires on the whole run at once, and whether it fires at any post when the points arrive `postEvery` steps at a time. */
export function firesOnRun(run: SyntheticRun, threshold: number, postEvery: number): { once: boolean; posted: boolean } {
  const { xs, ps, rs } = arraysOf(run);
  const once = divergenceFires(xs, ps, rs, threshold);
  let posted = once;
  for (let end = postEvery; end < xs.length && !posted; end += postEvery) posted = divergenceFires(xs.slice(0, end), ps.slice(0, end), rs.slice(0, end), threshold);
  return { once, posted };
}

export function measureFalseAlarms({ families, seeds, length, threshold, postEvery = 25 }: { families: readonly NoiseFamily[]; seeds: readonly number[]; length: number; threshold: number; postEvery?: number }): FalseAlarmFigures[] {
  return families.map((family) => {
    const results = seeds.map((seed) => firesOnRun(generateSyntheticRun({ family, seed, length }), threshold, postEvery));
    return { family, runs: seeds.length, firedOnce: results.filter((r) => r.once).length, firedPosted: results.filter((r) => r.posted).length };
  });
}

export type DelayFigures = {
  family: NoiseFamily;
  sizeSigma: number;
  shape: DivergenceShape;
  runs: number;
  detected: number;
  /** Runs that fired before the divergence started (a false alarm, not a detection). */
  firedEarly: number;
  medianDelay: number | null;
  medianOracleDelay: number | null;
  /** Median over runs both detected of monitor delay / oracle delay. */
  medianRatio: number | null;
  /** Runs the oracle detected by the run's end (its power at the same false-alarm rate). */
  oracleDetected: number;
  /** The same for an oracle that must fit the level before the start from the data, as the monitor must. */
  levelFittingOracle: OracleFigures;
  /** The same for an oracle that knows only the start and the shape: it fits the level and profiles ρ as the monitor does, at a threshold that holds under AR(1) noise at any φ of the families and under a walk. */
  lawProfilingOracle: OracleFigures;
};

export type OracleFigures = { detected: number; medianDelay: number | null; medianRatio: number | null };

function oracleFigures(rows: readonly { delay: number | null }[], oracle: readonly (number | null)[]): OracleFigures {
  const found = oracle.flatMap((d) => (d === null ? [] : [d]));
  const both = rows.flatMap((r, i) => (r.delay !== null && oracle[i] !== null ? [r.delay / Math.max(1, oracle[i]!)] : []));
  return { detected: found.length, medianDelay: found.length ? median(found) : null, medianRatio: both.length ? median(both) : null };
}

/** The first step, from the start on, at which the monitor reading along every step fires; and whether it fired before the start. */
export function monitorDelay(run: SyntheticRun, threshold: number): { delay: number | null; firedEarly: boolean } {
  const start = run.divergence!.startStep;
  const { xs, ps, rs } = arraysOf(run);
  const firedEarly = firesOnRun({ ...run, proxy: run.proxy.slice(0, start), reference: run.reference.slice(0, start) }, threshold, 25).posted;
  for (let end = start + 1; end <= xs.length; end++) {
    if (divergenceFires(xs.slice(0, end), ps.slice(0, end), rs.slice(0, end), threshold)) return { delay: xs[end - 1]! - start, firedEarly };
  }
  return { delay: null, firedEarly };
}

/** The step a seed's divergence starts after: seeded, in the middle third of the run. */
export function plantedStart(seed: number, length: number): number {
  return Math.round(length * (0.3 + 0.3 * ((seed * 0.618034) % 1)));
}

export type OraclePower = { family: NoiseFamily; sizeSigma: number; shape: DivergenceShape; runs: number; detected: number };

/**
 * The oracle alone (told the start, the shape, the proxy's path and its noise law) on the
 * same divergences as measureDelays: in how many runs it fires by the run's end. It is cheap, so it
 * runs on many more seeds than the monitor: the ceiling on the power any test at this false-alarm
 * rate can reach, per family, size and shape.
 */
export function measureOraclePower({ families, sizes, shapes, seeds, length, falseAlarmRate }: { families: readonly NoiseFamily[]; sizes: readonly number[]; shapes: readonly DivergenceShape[]; seeds: readonly number[]; length: number; falseAlarmRate: number }): OraclePower[] {
  const figures: OraclePower[] = [];
  for (const family of families)
    for (const sizeSigma of sizes)
      for (const shape of shapes) {
        const detected = seeds.filter((seed) => oracleDelay(generateSyntheticRun({ family, seed, length, divergence: { startStep: plantedStart(seed, length), sizeSigma, shape } }), falseAlarmRate) !== null).length;
        figures.push({ family, sizeSigma, shape, runs: seeds.length, detected });
      }
  return figures;
}

/** Divergences planted at a seeded start in the middle third of the run; delays of the monitor and of the oracle. */
export function measureDelays({ families, sizes, shapes, seeds, length, threshold, falseAlarmRate }: { families: readonly NoiseFamily[]; sizes: readonly number[]; shapes: readonly DivergenceShape[]; seeds: readonly number[]; length: number; threshold: number; falseAlarmRate: number }): DelayFigures[] {
  const figures: DelayFigures[] = [];
  for (const family of families)
    for (const sizeSigma of sizes)
      for (const shape of shapes) {
        const rows = seeds.map((seed) => {
          const startStep = plantedStart(seed, length);
          const run = generateSyntheticRun({ family, seed, length, divergence: { startStep, sizeSigma, shape } });
          return { ...monitorDelay(run, threshold), oracle: oracleDelay(run, falseAlarmRate), levelFitting: oracleDelay(run, falseAlarmRate, { knowsLevel: false }), lawProfiling: oracleDelay(run, falseAlarmRate, { knowsLevel: false, knowsNoiseLaw: false }) };
        });
        const detected = rows.filter((r) => r.delay !== null);
        const both = rows.filter((r) => r.delay !== null && r.oracle !== null);
        figures.push({
          family,
          sizeSigma,
          shape,
          runs: rows.length,
          detected: detected.length,
          firedEarly: rows.filter((r) => r.firedEarly).length,
          medianDelay: detected.length ? median(detected.map((r) => r.delay!)) : null,
          medianOracleDelay: rows.some((r) => r.oracle !== null) ? median(rows.flatMap((r) => (r.oracle === null ? [] : [r.oracle]))) : null,
          medianRatio: both.length ? median(both.map((r) => r.delay! / Math.max(1, r.oracle!))) : null,
          oracleDetected: rows.filter((r) => r.oracle !== null).length,
          levelFittingOracle: oracleFigures(rows, rows.map((r) => r.levelFitting)),
          lawProfilingOracle: oracleFigures(rows, rows.map((r) => r.lawProfiling)),
        });
      }
  return figures;
}

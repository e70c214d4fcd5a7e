import { MIN_POINTS } from "../detect-divergence";
import { scanChangePoint, scanReferenceFall } from "../scan-change-point";
import { generateSyntheticRun } from "./generate-synthetic-run";
import type { NoiseFamily } from "./synthetic-families";

/** The strongest change-point t of the gap and of a reference's fall a run without divergence shows at any post, posted `postEvery` steps at a time. */
export function strongestPostedStatistics(family: NoiseFamily, seed: number, length: number, postEvery = 25): { gap: number; fall: number } {
  const run = generateSyntheticRun({ family, seed, length });
  const xs = run.proxy.map((p) => p.step);
  const ps = run.proxy.map((p) => p.value);
  const rs = run.reference.map((p) => p.value);
  let gap = 0;
  let fall = 0;
  for (let end = postEvery; end <= length; end += postEvery) {
    if (end < MIN_POINTS) continue;
    const [x, p, r] = [xs.slice(0, end), ps.slice(0, end), rs.slice(0, end)];
    gap = Math.max(gap, scanChangePoint(x, p, r)?.statistic ?? 0);
    fall = Math.max(fall, scanReferenceFall(x, p, r)?.statistic ?? 0);
  }
  return { gap, fall };
}

type Calibration = { families: readonly NoiseFamily[]; seeds: readonly number[]; length: number };

function smallestPassing(strongest: number[][], perFamily: number, overall: number): number {
  for (let threshold = 3; threshold < 20; threshold += 0.25) {
    const rates = strongest.map((runs) => runs.filter((t) => t >= threshold).length / runs.length);
    if (Math.max(...rates) <= perFamily && rates.reduce((s, r) => s + r, 0) / rates.length <= overall) return threshold;
  }
  return Infinity;
}

/**
 * The smallest thresholds (in steps of 0.25), on the given (calibration) seeds: for the gap, no
 * family fires on more than `perFamily` of its runs and all together on no more than `overall`;
 * for a reference's fall, the same bounds hold for the pair's case, opened by the gap at its
 * threshold or by the fall at this one: the fall gets what the gap leaves of the budget.
 */
export function calibrateThresholds({ families, seeds, length, perFamily = 0.04, overall = 0.03 }: Calibration & { perFamily?: number; overall?: number }): { gap: number; fall: number } {
  const strongest = families.map((family) => seeds.map((seed) => strongestPostedStatistics(family, seed, length)));
  const gap = smallestPassing(strongest.map((runs) => runs.map((r) => r.gap)), perFamily, overall);
  // Either path opens the case: a run counts at the fall's scale when the gap passes its own bar.
  const fall = smallestPassing(strongest.map((runs) => runs.map((r) => (r.gap >= gap ? Infinity : r.fall))), perFamily, overall);
  return { gap, fall };
}

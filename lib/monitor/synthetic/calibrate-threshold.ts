import { MIN_POINTS } from "../detect-divergence";
import { scanChangePoint } from "../scan-change-point";
import { generateSyntheticRun } from "./generate-synthetic-run";
import type { NoiseFamily } from "./synthetic-families";

/** The strongest change-point t a run without divergence shows at any post, posted `postEvery` steps at a time. */
export function strongestPostedStatistic(family: NoiseFamily, seed: number, length: number, postEvery = 25): number {
  const run = generateSyntheticRun({ family, seed, length });
  const xs = run.proxy.map((p) => p.step);
  const ps = run.proxy.map((p) => p.value);
  const rs = run.reference.map((p) => p.value);
  let strongest = 0;
  for (let end = postEvery; end <= length; end += postEvery) {
    if (end < MIN_POINTS) continue;
    strongest = Math.max(strongest, scanChangePoint(xs.slice(0, end), ps.slice(0, end), rs.slice(0, end))?.statistic ?? 0);
  }
  return strongest;
}

/**
 * The smallest threshold (in steps of 0.25) at which no family fires on more than `perFamily` of
 * its runs and all families together on no more than `overall`, on the given (calibration) seeds.
 */
export function calibrateThreshold({ families, seeds, length, perFamily = 0.075, overall = 0.03 }: { families: readonly NoiseFamily[]; seeds: readonly number[]; length: number; perFamily?: number; overall?: number }): number {
  const strongest = families.map((family) => seeds.map((seed) => strongestPostedStatistic(family, seed, length)));
  for (let threshold = 3; threshold < 20; threshold += 0.25) {
    const rates = strongest.map((runs) => runs.filter((t) => t >= threshold).length / runs.length);
    if (Math.max(...rates) <= perFamily && rates.reduce((s, r) => s + r, 0) / rates.length <= overall) return threshold;
  }
  return Infinity;
}

import { assessDivergence, type DivergenceAssessment, type SeriesPoint } from "./detect-divergence";

/** The name a firing-rate series is paired with: the check's own flat baseline, not another metric. */
export const FIRING_BASELINE = "baseline";

/** A per-step firing rate (judge/<name>/fail_rate, a hack check's hit rate) by the run monitor's naming. */
export function isFiringRateMetric(name: string): boolean {
  return /^judge\/.+\/fail_rate$/.test(name);
}

/**
 * Whether a check's per-step firing rate departs upward from its own baseline, and from which step:
 * the run monitor's change-point test (the same threshold, AR(1) noise and shapes) with a flat
 * reference, so the only change it can find is the rate's own rise.
 */
export function assessFiringRise(rate: readonly SeriesPoint[], name: string): DivergenceAssessment {
  return assessDivergence(rate, rate.map(({ step }) => ({ step, value: 0 })), { proxy: name, reference: FIRING_BASELINE });
}

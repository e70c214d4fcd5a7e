/**
 * The likelihood-ratio t (scan-change-point.ts) a divergence must pass. Calibrated on synthetic runs
 * without a divergence (seeds 1–200 of every noise family, 200 steps, posted 25 steps at a time from
 * the 50th on): the smallest value (in steps of 0.25) at which no family fires on more than 4% of its
 * runs and all together on no more than 3% (calibrateThresholds). `npm run bench` (section monitor)
 * recomputes it and measures it on other seeds.
 */
export const DIVERGENCE_THRESHOLD = 5;
/**
 * The likelihood-ratio t a reference's fall against its climbing proxy must pass (scanReferenceFall).
 * Calibrated on the same seeds: the smallest value (in steps of 0.25) at which the fall path alone
 * fires on no more than 1% of any family's runs (calibrateThresholds).
 */
export const REFERENCE_FALL_THRESHOLD = 8.25;

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
 * Calibrated on the same seeds with the same bounds for the pair's case as a whole (the gap at its
 * threshold or the fall at this one): the smallest value (in steps of 0.25) at which no family opens
 * a case on more than 4% of its runs and all together on no more than 3% (calibrateThresholds). It
 * was 8.25 under a separate 1% bound for the fall path alone.
 */
export const REFERENCE_FALL_THRESHOLD = 7.5;

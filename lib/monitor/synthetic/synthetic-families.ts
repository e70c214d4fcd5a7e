/** Noise families of the synthetic runs: what real training logs look like without any divergence. */
export const NULL_FAMILIES = [
  "white",
  "ar1-0.5",
  "ar1-0.9",
  "ar1-0.95",
  "random-walks",
  "shared-walk",
  "seasonal-proxy",
  "seasonal-both",
  "heavy-tails",
  "unequal-noise",
  "step-one",
  "learning",
] as const;
export type NoiseFamily = (typeof NULL_FAMILIES)[number];

/** Families a divergence is planted in: the stationary ones, where "k σ" has a meaning. */
export const DIVERGENCE_FAMILIES = ["white", "ar1-0.5", "ar1-0.9", "heavy-tails", "unequal-noise", "learning"] as const satisfies readonly NoiseFamily[];
export const DIVERGENCE_SIZES = [2, 3, 6] as const;
export const DIVERGENCE_SHAPES = ["ramp", "step"] as const;
export type DivergenceShape = (typeof DIVERGENCE_SHAPES)[number];

/** Steps a ramp takes to reach its full size. */
export const RAMP_STEPS = 40;

/**
 * How a family's proxy noise evolves, for the oracle: AR coefficient φ (1 for a walk) and the
 * innovation's standard deviation, in the proxy's units.
 */
export type ProxyNoiseLaw = { phi: number; innovationSd: number };

import type { Rng } from "./prng";

/** Standard normal draws by Box-Muller (one of the pair, so each draw costs two uniforms). */
export function normalDraw(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

/** Student-t with `df` > 2 degrees of freedom, scaled to variance 1 (heavy tails at the same spread). */
export function studentTDraw(rng: Rng, df: number): number {
  let chiSquare = 0;
  for (let i = 0; i < df; i++) chiSquare += normalDraw(rng) ** 2;
  return normalDraw(rng) / Math.sqrt(chiSquare / df) / Math.sqrt(df / (df - 2));
}

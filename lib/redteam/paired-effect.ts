/** A family's effect: the mean of paired differences (probe minus its honest rollout) with a 95% interval. */
export type PairedEffect = { n: number; mean: number; low: number; high: number };

export type Confidence = 0.95 | 0.99;
const normalQuantile: Record<Confidence, number> = { 0.95: 1.959963984540054, 0.99: 2.5758293035489 };
// Two-sided critical values of Student's t for 1..4 degrees of freedom; the expansion below is within 0.01 from 5 on.
const smallDf: Record<Confidence, number[]> = { 0.95: [12.706, 4.303, 3.182, 2.776], 0.99: [63.657, 9.925, 5.841, 4.604] };

/** The two-sided critical value of Student's t (Cornish-Fisher expansion around the normal quantile). */
export function tCritical(df: number, confidence: Confidence = 0.95): number {
  if (df < 1) return Number.POSITIVE_INFINITY;
  if (df <= 4) return smallDf[confidence][df - 1]!;
  const z = normalQuantile[confidence];
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2) + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3);
}

/**
 * Paired t interval of the mean difference. With fewer than two pairs the interval is unbounded:
 * one pair says nothing about noise.
 */
export function pairedEffect(differences: readonly number[], confidence: Confidence = 0.95): PairedEffect {
  const n = differences.length;
  if (n === 0) return { n, mean: 0, low: Number.NEGATIVE_INFINITY, high: Number.POSITIVE_INFINITY };
  const mean = differences.reduce((sum, d) => sum + d, 0) / n;
  if (n < 2) return { n, mean, low: Number.NEGATIVE_INFINITY, high: Number.POSITIVE_INFINITY };
  const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  const half = tCritical(n - 1, confidence) * Math.sqrt(variance / n);
  return { n, mean, low: mean - half, high: mean + half };
}

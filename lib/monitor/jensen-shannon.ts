/** A distribution over named categories, as counts or shares (normalised here). */
export type Histogram = Record<string, number>;

/**
 * Jensen-Shannon divergence in bits (0 = same, 1 = disjoint) of two histograms, each weighted by
 * `weights` (default ½, ½). With weights proportional to sample sizes, 2·N·ln2·JSD is the G
 * statistic of the test that both samples come from one distribution.
 */
export function jensenShannonDivergence(p: Histogram, q: Histogram, weights: [number, number] = [0.5, 0.5]): number {
  const pn = normalise(p);
  const qn = normalise(q);
  if (!pn || !qn) return 0;
  const [wp, wq] = [weights[0] / (weights[0] + weights[1]), weights[1] / (weights[0] + weights[1])];
  let divergence = 0;
  for (const key of new Set([...Object.keys(pn), ...Object.keys(qn)])) {
    const a = pn[key] ?? 0;
    const b = qn[key] ?? 0;
    const m = wp * a + wq * b;
    if (a > 0) divergence += wp * a * Math.log2(a / m);
    if (b > 0) divergence += wq * b * Math.log2(b / m);
  }
  return Math.max(0, divergence);
}

function normalise(h: Histogram): Histogram | null {
  const total = Object.values(h).reduce((s, v) => s + Math.max(0, v), 0);
  if (total <= 0) return null;
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Math.max(0, v) / total]));
}

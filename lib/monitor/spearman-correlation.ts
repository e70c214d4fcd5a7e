/** Ranks from 1, ties given the mean of the ranks they span. */
export function rankWithTies(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let i = start; i <= end; i++) ranks[order[i]!.index] = rank;
    start = end + 1;
  }
  return ranks;
}

/** Spearman's rank correlation: Pearson's correlation of the ranks (ties averaged). 0 when either side is constant. */
export function spearmanCorrelation(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return 0;
  const rx = rankWithTies(xs.slice(0, n));
  const ry = rankWithTies(ys.slice(0, n));
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (rx[i]! - mean) * (ry[i]! - mean);
    sxx += (rx[i]! - mean) ** 2;
    syy += (ry[i]! - mean) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

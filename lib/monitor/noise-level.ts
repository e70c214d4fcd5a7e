/**
 * The per-point noise of a series with a slow trend: the median absolute deviation of its first
 * differences, scaled to a normal σ (×1.4826) and divided by √2 (a difference holds two noises).
 * Robust to a trend, to a step change and to a few spikes.
 */
export function noiseLevel(values: readonly number[]): number {
  if (values.length < 3) return 0;
  const diffs = values.slice(1).map((v, i) => v - values[i]!);
  const center = median(diffs);
  return (1.4826 * median(diffs.map((d) => Math.abs(d - center)))) / Math.SQRT2;
}

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

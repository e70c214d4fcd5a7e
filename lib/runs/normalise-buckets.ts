import type { SeriesBucket } from "./downsample-series";

/**
 * A series rescaled to its own range in the window: 0 is its lowest value (bucket minimum), 1 its
 * highest (bucket maximum). Two metrics on different scales then share one chart and one step axis;
 * a constant series sits at 0.5.
 */
export function normaliseBuckets(buckets: SeriesBucket[]): SeriesBucket[] {
  if (!buckets.length) return buckets;
  const low = Math.min(...buckets.map((b) => b.min));
  const high = Math.max(...buckets.map((b) => b.max));
  const span = high - low;
  const scale = (value: number) => (span > 0 ? (value - low) / span : 0.5);
  return buckets.map((b) => ({ ...b, min: scale(b.min), mean: scale(b.mean), max: scale(b.max) }));
}

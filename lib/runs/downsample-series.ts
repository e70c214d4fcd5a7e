export type SeriesPoint = { step: number; value: number };

/**
 * One bucket of a downsampled series: `step` is the bucket's first step (from + index × width), so
 * buckets of every metric and every run in one window line up on the shared step axis. `min` and
 * `max` keep a spike that the mean would flatten.
 */
export type SeriesBucket = { step: number; min: number; max: number; mean: number; count: number };

export const DEFAULT_BUCKETS = 1_000;

/** Steps per bucket so that [from, to] fits in at most `buckets` buckets (1 when it already does). */
export function bucketWidth({ from, to, buckets }: { from: number; to: number; buckets: number }): number {
  return Math.max(1, Math.ceil((to - from + 1) / buckets));
}

/**
 * Min/max/mean per bucket of the points in [from, to]: the same answer the database gives in
 * lib/runs/load-run-chart.ts, for series that are already in memory.
 */
export function downsampleSeries(points: SeriesPoint[], { from, to, buckets = DEFAULT_BUCKETS }: { from: number; to: number; buckets?: number }): SeriesBucket[] {
  const width = bucketWidth({ from, to, buckets });
  const byIndex = new Map<number, { min: number; max: number; sum: number; count: number }>();
  for (const { step, value } of points) {
    if (step < from || step > to) continue;
    const index = Math.floor((step - from) / width);
    const bucket = byIndex.get(index);
    if (!bucket) byIndex.set(index, { min: value, max: value, sum: value, count: 1 });
    else {
      if (value < bucket.min) bucket.min = value;
      if (value > bucket.max) bucket.max = value;
      bucket.sum += value;
      bucket.count += 1;
    }
  }
  return [...byIndex]
    .sort(([a], [b]) => a - b)
    .map(([index, { min, max, sum, count }]) => ({ step: from + index * width, min, max, mean: sum / count, count }));
}

export type SeriesPoint = { step: number; value: number };

/**
 * One bucket of a downsampled series. Buckets are aligned on multiples of a power-of-two width
 * (bucket i covers steps [i × width, (i + 1) × width)), so every metric and every run of one window
 * lines up on the shared step axis and the database can answer from its rollup
 * (lib/runs/metric-rollup.ts). `step` is the bucket's first step inside the window. `min` and `max`
 * keep a spike that the mean would flatten.
 */
export type SeriesBucket = { step: number; min: number; max: number; mean: number; count: number };

/** What one bucket adds up, before its mean is taken; partial sums of one bucket merge exactly. */
export type BucketSums = { index: number; min: number; max: number; sum: number; count: number };

export const DEFAULT_BUCKETS = 1_000;

/**
 * The bucket width as a power of two (its exponent): the finest whose buckets over [from, to] number
 * at most `buckets`, so a window gets between half and all of the buckets asked for.
 */
export function chartBucketLevel({ from, to, buckets }: { from: number; to: number; buckets: number }): number {
  let level = 0;
  while (Math.floor(to / 2 ** level) - Math.floor(from / 2 ** level) + 1 > buckets) level += 1;
  return level;
}

/** Adds `part` into the bucket of the same index in `into`. */
export function mergeBucketSums(into: Map<number, BucketSums>, part: BucketSums): void {
  const bucket = into.get(part.index);
  if (!bucket) {
    into.set(part.index, { ...part });
    return;
  }
  bucket.min = Math.min(bucket.min, part.min);
  bucket.max = Math.max(bucket.max, part.max);
  bucket.sum += part.sum;
  bucket.count += part.count;
}

/** Buckets in step order, each stepped on its first step inside the window. */
export function toSeriesBuckets(sums: Iterable<BucketSums>, { from, level }: { from: number; level: number }): SeriesBucket[] {
  return [...sums]
    .sort((a, b) => a.index - b.index)
    .map(({ index, min, max, sum, count }) => ({ step: Math.max(from, index * 2 ** level), min, max, mean: sum / count, count }));
}

/**
 * Min/max/mean per bucket of the points in [from, to], at the level chosen for the steps the points
 * span inside the window: the answer lib/runs/load-run-chart.ts gives from the database, for a
 * series that is already in memory.
 */
export function downsampleSeries(points: SeriesPoint[], { from, to, buckets = DEFAULT_BUCKETS }: { from: number; to: number; buckets?: number }): SeriesBucket[] {
  const inside = points.filter(({ step }) => step >= from && step <= to);
  if (inside.length === 0) return [];
  let [first, last] = [inside[0]!.step, inside[0]!.step];
  for (const { step } of inside) [first, last] = [Math.min(first, step), Math.max(last, step)];
  const level = chartBucketLevel({ from: first, to: last, buckets });
  const byIndex = new Map<number, BucketSums>();
  for (const { step, value } of inside) mergeBucketSums(byIndex, { index: Math.floor(step / 2 ** level), min: value, max: value, sum: value, count: 1 });
  return toSeriesBuckets(byIndex.values(), { from, level });
}

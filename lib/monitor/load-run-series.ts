import type { Db } from "../db/client";
import { ROLLUP_LEVELS } from "../runs/metric-rollup";
import type { SeriesPoint } from "./detect-divergence";

/**
 * Past this many points in a series the monitor reads the chart's rollup buckets instead of the
 * points: the detector averages a longer series down to this many points of consecutive steps
 * anyway (detect-divergence.ts, maxPoints), so reading more would be work it throws away.
 */
export const RAW_POINTS_LIMIT = 1_000;

/** Every metric name of a run, one index seek per name (a run logs tens of names, not millions). */
export async function loadRunMetricNames(db: Db, runId: string): Promise<string[]> {
  const names: string[] = [];
  for (;;) {
    const next = await db.metricPoint.findFirst({ where: { runId, ...(names.length ? { name: { gt: names.at(-1)! } } : {}) }, orderBy: { name: "asc" }, select: { name: true } });
    if (!next) return names;
    names.push(next.name);
  }
}

/**
 * The series the monitor tests, by name, in step order. A run whose series all have at most
 * RAW_POINTS_LIMIT points is read point by point. A longer run is read from MetricBucket (kept by
 * the one metric writer, lib/runs/write-metric-points.ts) at the finest rollup level with at most
 * that many buckets per series, every series at the same level: each bucket's mean stands at its
 * bucket's last step, so series logged in the same buckets still align on steps. The rows read are
 * bounded by names × RAW_POINTS_LIMIT, whatever the run's length, so a job that runs at every
 * intake costs the same at a million points as at two thousand.
 */
export async function loadRunSeries(db: Db, runId: string, names: string[]): Promise<Map<string, SeriesPoint[]>> {
  const series = new Map<string, SeriesPoint[]>();
  if (names.length === 0) return series;
  const level = await bucketLevel(db, runId, names);
  if (level === null) {
    const points = await db.metricPoint.findMany({ where: { runId, name: { in: names } }, orderBy: { step: "asc" }, select: { name: true, step: true, value: true } });
    for (const p of points) push(series, p.name, { step: p.step, value: p.value });
    return series;
  }
  const buckets = await db.metricBucket.findMany({ where: { runId, level, name: { in: names } }, orderBy: { bucket: "asc" }, select: { name: true, bucket: true, sum: true, count: true } });
  const width = 2 ** level;
  for (const b of buckets) if (b.count > 0) push(series, b.name, { step: (b.bucket + 1) * width - 1, value: b.sum / b.count });
  return series;
}

/** null: every series is short enough to read whole; else the rollup level to read them at. */
async function bucketLevel(db: Db, runId: string, names: string[]): Promise<number | null> {
  const top = ROLLUP_LEVELS.at(-1)!;
  // The coarsest level holds a handful of buckets per series: the point counts without reading the points.
  const coarse = await db.metricBucket.findMany({ where: { runId, level: top, name: { in: names } }, select: { name: true, count: true } });
  const counts = new Map<string, number>();
  for (const { name, count } of coarse) counts.set(name, (counts.get(name) ?? 0) + count);
  const longest = Math.max(0, ...counts.values());
  if (longest <= RAW_POINTS_LIMIT) return null;
  const spans = await Promise.all(
    [...counts.keys()].map(async (name) => {
      const [first, last] = await Promise.all(
        (["asc", "desc"] as const).map((direction) => db.metricPoint.findFirst({ where: { runId, name }, orderBy: { step: direction }, select: { step: true } })),
      );
      return first && last ? last.step - first.step + 1 : 0;
    }),
  );
  const span = Math.max(...spans);
  return ROLLUP_LEVELS.find((level) => Math.ceil(span / 2 ** level) + 1 <= RAW_POINTS_LIMIT) ?? top;
}

function push(series: Map<string, SeriesPoint[]>, name: string, point: SeriesPoint) {
  const list = series.get(name);
  if (list) list.push(point);
  else series.set(name, [point]);
}

import type { Db } from "../db/client";
import { ROLLUP_LEVELS } from "../runs/metric-rollup";
import { sqlParams } from "../runs/sql-params";
import type { SeriesPoint } from "./detect-divergence";

/**
 * Past this many points in a series the monitor reads the chart's rollup buckets instead of the
 * points: the detector averages a longer series down to this many points of consecutive steps
 * anyway (detect-divergence.ts, maxPoints), so reading more would be work it throws away.
 */
export const RAW_POINTS_LIMIT = 1_000;

/**
 * One metric of a run: its name, its point count from the coarsest rollup level (null when it has
 * no bucket there), and its first and last step.
 */
export type RunMetric = { name: string; count: number | null; firstStep: number; lastStep: number };

/**
 * Every metric of a run in one statement: the names by a walk of the (runId, name, step) index, one
 * seek per name (a run logs tens of names, not millions), and for each its count from the coarsest
 * rollup level and its first and last step, one seek each. One round trip, whatever the run's
 * length: the monitor runs at every intake.
 */
export async function loadRunMetrics(db: Db, runId: string): Promise<RunMetric[]> {
  const p = sqlParams(db);
  const top = ROLLUP_LEVELS.at(-1)!;
  const edge = (direction: "ASC" | "DESC") => `(SELECT e."step" FROM "MetricPoint" e WHERE e."runId" = ${p.text(runId)} AND e."name" = n."name" ORDER BY e."step" ${direction} LIMIT 1)`;
  const sql =
    `WITH RECURSIVE n("name") AS (` +
    `SELECT (SELECT f."name" FROM "MetricPoint" f WHERE f."runId" = ${p.text(runId)} ORDER BY f."name" LIMIT 1) ` +
    `UNION ALL SELECT (SELECT f."name" FROM "MetricPoint" f WHERE f."runId" = ${p.text(runId)} AND f."name" > n."name" ORDER BY f."name" LIMIT 1) FROM n WHERE n."name" IS NOT NULL) ` +
    `SELECT n."name" AS "name", ` +
    `(SELECT SUM(b."count") FROM "MetricBucket" b WHERE b."runId" = ${p.text(runId)} AND b."name" = n."name" AND b."level" = ${p.int(top)}) AS "count", ` +
    `${edge("ASC")} AS "firstStep", ${edge("DESC")} AS "lastStep" ` +
    `FROM n WHERE n."name" IS NOT NULL ORDER BY n."name"`;
  const rows = await db.$queryRawUnsafe<{ name: string; count: number | bigint | string | null; firstStep: number | bigint; lastStep: number | bigint }[]>(sql, ...p.params);
  return rows.map((row) => ({ name: row.name, count: row.count === null ? null : Number(row.count), firstStep: Number(row.firstStep), lastStep: Number(row.lastStep) }));
}

/**
 * The series the monitor tests, by name, in step order. A run whose series all have at most
 * RAW_POINTS_LIMIT points is read point by point. A longer run is read from MetricBucket (kept by
 * the one metric writer, lib/runs/write-metric-points.ts) at the finest rollup level with at most
 * that many buckets per series, every series at the same level: each bucket's mean stands at its
 * bucket's last step, so series logged in the same buckets still align on steps. The rows read are
 * bounded by names × RAW_POINTS_LIMIT, whatever the run's length, so a job that runs at every
 * intake costs the same at a million points as at two thousand. `metrics` (from loadRunMetrics)
 * spares the statement that counts them.
 */
export async function loadRunSeries(db: Db, runId: string, names: string[], metrics?: RunMetric[]): Promise<Map<string, SeriesPoint[]>> {
  const series = new Map<string, SeriesPoint[]>();
  if (names.length === 0) return series;
  const level = bucketLevel(names, metrics ?? (await loadRunMetrics(db, runId)));
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
function bucketLevel(names: string[], metrics: RunMetric[]): number | null {
  const wanted = new Set(names);
  // The coarsest level holds a handful of buckets per series: the point counts without reading the points.
  const counted = metrics.filter((metric) => wanted.has(metric.name) && metric.count !== null);
  const longest = Math.max(0, ...counted.map((metric) => metric.count!));
  if (longest <= RAW_POINTS_LIMIT) return null;
  const span = Math.max(...counted.map((metric) => metric.lastStep - metric.firstStep + 1));
  const top = ROLLUP_LEVELS.at(-1)!;
  return ROLLUP_LEVELS.find((level) => Math.ceil(span / 2 ** level) + 1 <= RAW_POINTS_LIMIT) ?? top;
}

function push(series: Map<string, SeriesPoint[]>, name: string, point: SeriesPoint) {
  const list = series.get(name);
  if (list) list.push(point);
  else series.set(name, [point]);
}

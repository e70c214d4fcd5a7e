import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { chartBucketLevel, DEFAULT_BUCKETS, mergeBucketSums, toSeriesBuckets, type BucketSums } from "./downsample-series";
import { toDetectionWindows } from "./detection-windows";
import { listChartEvents } from "./list-chart-events";
import { listRunDetections } from "./list-run-detections";
import { ROLLUP_LEVELS } from "./metric-rollup";
import type { RunChartQuery } from "./run-chart-query";
import type { RunChart, RunChartSeries } from "./run-chart-types";
import { sqlParams } from "./sql-params";

type Pair = { runId: string; name: string };
type SumsRow = { runId: string; name: string; bucket: number; min: number; max: number; sum: number; count: number };

/**
 * The charts' data for runs of the project: each metric in about 1,000 buckets (min, max, mean) over
 * the shared step window, read from the rollup kept on write (lib/runs/metric-rollup.ts) so a
 * million points never leave the database, with raw points only for a small window and for the two
 * part-filled buckets at its edges; plus the runs' events and the monitor's detections. A run of
 * another project is not found.
 */
export async function loadRunChart(db: Db, { projectId, query }: { projectId: string; query: RunChartQuery }): Promise<RunChart> {
  const runsSql = sqlParams(db);
  const runs = await db.$queryRawUnsafe<{ id: string; name: string }[]>(
    `SELECT "id", "name" FROM "TrainingRun" WHERE "projectId" = ${runsSql.text(projectId)} AND "id" IN (${runsSql.list(query.runs)})`,
    ...runsSql.params,
  );
  if (runs.length !== query.runs.length) throw notFound("Training run");
  const runIds = runs.map((run) => run.id);
  const [nameLists, detectionLists, { events, unplacedEvents }] = await Promise.all([
    Promise.all(runIds.map((runId) => listMetricNames(db, runId))),
    Promise.all(runIds.map(async (runId) => toDetectionWindows(runId, await listRunDetections(db, { projectId, runId })))),
    listChartEvents(db, { runIds, from: query.from, to: query.to }),
  ]);
  const names = nameLists.flat();
  const metricsByRun: Record<string, string[]> = Object.fromEntries(runIds.map((id) => [id, names.filter((row) => row.runId === id).map((row) => row.name)]));
  const metrics = query.metrics ?? [...new Set(names.map((row) => row.name))].sort().slice(0, 24);
  const pairs = names.filter((row) => metrics.includes(row.name));
  const detections = detectionLists.flat();
  const empty = { window: null, metricsByRun, series: [], events: [], unplacedEvents, detections };
  if (pairs.length === 0) return empty;

  const range = await findStepRange(db, pairs);
  const from = query.from ?? range.lo;
  const to = query.to ?? range.hi;
  if (from > to) return empty;
  // The width comes from the steps that hold points, so a window reaching far past the run's end
  // does not make buckets so wide that the edge buckets hold the whole run.
  const level = chartBucketLevel({ from: Math.max(from, range.lo), to: Math.max(Math.max(from, range.lo), Math.min(to, range.hi)), buckets: query.buckets ?? DEFAULT_BUCKETS });
  const rows = await readBucketSums(db, { pairs, from, to, level });

  const series = new Map<string, RunChartSeries & { sums: Map<number, BucketSums> }>();
  const nameOf = new Map(runs.map((run) => [run.id, run.name]));
  for (const runId of query.runs) {
    for (const metric of metrics) if (metricsByRun[runId]!.includes(metric)) series.set(`${runId}\u0000${metric}`, { runId, runName: nameOf.get(runId)!, metric, buckets: [], sums: new Map() });
  }
  for (const row of rows) {
    const part = { index: Number(row.bucket), min: Number(row.min), max: Number(row.max), sum: Number(row.sum), count: Number(row.count) };
    mergeBucketSums(series.get(`${row.runId}\u0000${row.name}`)!.sums, part);
  }
  return {
    window: { from, to, bucketWidth: 2 ** level },
    metricsByRun,
    series: [...series.values()].map(({ sums, ...rest }) => ({ ...rest, buckets: toSeriesBuckets(sums.values(), { from, level }) })),
    events,
    unplacedEvents,
    detections,
  };
}

/**
 * Per-bucket sums at `level` over [from, to]. Buckets wholly inside the window come from the
 * coarsest stored rollup level not coarser than `level`; the part-filled first and last buckets, and
 * every bucket when `level` is finer than any stored one, come from the points themselves.
 */
async function readBucketSums(db: Db, { pairs, from, to, level }: { pairs: Pair[]; from: number; to: number; level: number }): Promise<SumsRow[]> {
  const stored = ROLLUP_LEVELS.filter((candidate) => candidate <= level).at(-1);
  const width = 2 ** level;
  const firstWhole = Math.ceil(from / width);
  const lastWhole = Math.floor((to + 1) / width) - 1;
  if (stored === undefined || firstWhole > lastWhole) return readPointSums(db, { pairs, level, ranges: [[from, to]] });
  const edges: [number, number][] = [];
  if (from < firstWhole * width) edges.push([from, firstWhole * width - 1]);
  if (to > (lastWhole + 1) * width - 1) edges.push([(lastWhole + 1) * width, to]);
  const [whole, partial] = await Promise.all([readRollupSums(db, { pairs, level, stored, firstWhole, lastWhole }), edges.length ? readPointSums(db, { pairs, level, ranges: edges }) : []]);
  return [...whole, ...partial];
}

function readRollupSums(db: Db, { pairs, level, stored, firstWhole, lastWhole }: { pairs: Pair[]; level: number; stored: number; firstWhole: number; lastWhole: number }) {
  const q = sqlParams(db);
  const shift = level - stored;
  const per = 2 ** shift;
  return db.$queryRawUnsafe<SumsRow[]>(
    `SELECT "runId", "name", "bucket" >> ${shift} AS "bucket", MIN("min") AS "min", MAX("max") AS "max", SUM("sum") AS "sum", CAST(SUM("count") AS INTEGER) AS "count"
     FROM "MetricBucket"
     WHERE ${pairsWhere(q, pairs)} AND "level" = ${stored} AND "bucket" BETWEEN ${q.int(firstWhole * per)} AND ${q.int((lastWhole + 1) * per - 1)}
     GROUP BY "runId", "name", "bucket" >> ${shift}`,
    ...q.params,
  );
}

function readPointSums(db: Db, { pairs, level, ranges }: { pairs: Pair[]; level: number; ranges: [number, number][] }) {
  const q = sqlParams(db);
  const pairsSql = pairsWhere(q, pairs);
  const steps = ranges.map(([lo, hi]) => `"step" BETWEEN ${q.int(lo)} AND ${q.int(hi)}`).join(" OR ");
  return db.$queryRawUnsafe<SumsRow[]>(
    `SELECT "runId", "name", "step" >> ${level} AS "bucket", MIN("value") AS "min", MAX("value") AS "max", SUM("value") AS "sum", CAST(COUNT(*) AS INTEGER) AS "count"
     FROM "MetricPoint"
     WHERE ${pairsSql} AND (${steps})
     GROUP BY "runId", "name", "step" >> ${level}`,
    ...q.params,
  );
}

/** The (run, metric) pairs, each matched on the leading columns of its index. */
function pairsWhere(q: ReturnType<typeof sqlParams>, pairs: Pair[]) {
  return `(${pairs.map(({ runId, name }) => `("runId" = ${q.text(runId)} AND "name" = ${q.text(name)})`).join(" OR ")})`;
}

/**
 * A run's metric names, each found with one index seek past the last (a loose index scan), so a
 * run with a million points of a few metrics does not read them all.
 */
function listMetricNames(db: Db, runId: string) {
  const q = sqlParams(db);
  const anchorRun = q.text(runId);
  return db.$queryRawUnsafe<Pair[]>(
    `WITH RECURSIVE "names"("runId", "name") AS (
       SELECT ${anchorRun}, (SELECT MIN("name") FROM "MetricPoint" WHERE "runId" = ${q.text(runId)})
       UNION ALL
       SELECT n."runId", (SELECT MIN(m."name") FROM "MetricPoint" m WHERE m."runId" = n."runId" AND m."name" > n."name") FROM "names" n WHERE n."name" IS NOT NULL
     )
     SELECT "runId", "name" FROM "names" WHERE "name" IS NOT NULL ORDER BY "name"`,
    ...q.params,
  );
}

/** The first and last step over the given series, each an index seek. */
async function findStepRange(db: Db, pairs: Pair[]) {
  const q = sqlParams(db);
  const seek = (fn: "MIN" | "MAX", { runId, name }: Pair) => `(SELECT ${fn}("step") FROM "MetricPoint" WHERE "runId" = ${q.text(runId)} AND "name" = ${q.text(name)})`;
  const selects = pairs.map((pair) => `SELECT ${seek("MIN", pair)} AS "lo", ${seek("MAX", pair)} AS "hi"`);
  const rows = await db.$queryRawUnsafe<{ lo: number; hi: number }[]>(selects.join(" UNION ALL "), ...q.params);
  return { lo: Math.min(...rows.map((row) => Number(row.lo))), hi: Math.max(...rows.map((row) => Number(row.hi))) };
}

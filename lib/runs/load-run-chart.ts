import { providerOfDb, type Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { bucketWidth, DEFAULT_BUCKETS, type SeriesBucket } from "./downsample-series";
import type { RunChartQuery } from "./run-chart-query";
import type { RunChart, RunChartSeries } from "./run-chart-types";

const maxEvents = 500;

type BucketRow = { runId: string; name: string; bucket: number; min: number; max: number; mean: number; count: number };

/**
 * The charts' data for runs of the project: each metric bucketed in the database (min, max, mean
 * per bucket, about 1,000 buckets over the shared step window), so a million points never leave it,
 * plus the runs' events in the window. A run of another project is not found.
 */
export async function loadRunChart(db: Db, { projectId, query }: { projectId: string; query: RunChartQuery }): Promise<RunChart> {
  const runs = await db.trainingRun.findMany({ where: { projectId, id: { in: query.runs } }, select: { id: true, name: true } });
  if (runs.length !== query.runs.length) throw notFound("Training run");
  const runIds = runs.map((run) => run.id);
  let q = sqlFor(db);
  const names = await db.$queryRawUnsafe<{ runId: string; name: string }[]>(
    `SELECT DISTINCT "runId", "name" FROM "MetricPoint" WHERE "runId" IN (${q.list(runIds)}) ORDER BY "name"`,
    ...q.params,
  );
  const metricsByRun: Record<string, string[]> = Object.fromEntries(runIds.map((id) => [id, names.filter((row) => row.runId === id).map((row) => row.name)]));
  const metrics = query.metrics ?? [...new Set(names.map((row) => row.name))].sort().slice(0, 24);
  const empty = { window: null, metricsByRun, series: [], events: [] };
  if (metrics.length === 0) return empty;

  let { from, to } = query;
  if (from === undefined || to === undefined) {
    q = sqlFor(db);
    const [range] = await db.$queryRawUnsafe<{ lo: number | null; hi: number | null }[]>(
      `SELECT MIN("step") AS "lo", MAX("step") AS "hi" FROM "MetricPoint" WHERE "runId" IN (${q.list(runIds)}) AND "name" IN (${q.list(metrics)})`,
      ...q.params,
    );
    if (range?.lo === null || range?.lo === undefined || range.hi === null) return empty;
    from ??= Number(range.lo);
    to ??= Number(range.hi);
    if (from > to) return empty;
  }
  const width = bucketWidth({ from, to, buckets: query.buckets ?? DEFAULT_BUCKETS });
  q = sqlFor(db);
  const rows = await db.$queryRawUnsafe<BucketRow[]>(
    `SELECT "runId", "name", CAST(("step" - ${q.int(from)}) / ${q.int(width)} AS INTEGER) AS "bucket",
       MIN("value") AS "min", MAX("value") AS "max", AVG("value") AS "mean", CAST(COUNT(*) AS INTEGER) AS "count"
     FROM "MetricPoint"
     WHERE "runId" IN (${q.list(runIds)}) AND "name" IN (${q.list(metrics)}) AND "step" BETWEEN ${q.int(from)} AND ${q.int(to)}
     GROUP BY "runId", "name", "bucket"
     ORDER BY "runId", "name", "bucket"`,
    ...q.params,
  );
  const series = new Map<string, RunChartSeries>();
  const nameOf = new Map(runs.map((run) => [run.id, run.name]));
  for (const runId of query.runs) {
    for (const metric of metrics) if (metricsByRun[runId]!.includes(metric)) series.set(`${runId}\u0000${metric}`, { runId, runName: nameOf.get(runId)!, metric, buckets: [] });
  }
  for (const row of rows) {
    const bucket: SeriesBucket = { step: from + Number(row.bucket) * width, min: Number(row.min), max: Number(row.max), mean: Number(row.mean), count: Number(row.count) };
    series.get(`${row.runId}\u0000${row.name}`)!.buckets.push(bucket);
  }
  const events = await db.runEvent.findMany({
    where: { runId: { in: runIds }, step: { gte: from, lte: to } },
    orderBy: [{ step: "asc" }, { time: "asc" }],
    take: maxEvents,
    select: { runId: true, step: true, kind: true, message: true },
  });
  return {
    window: { from, to, bucketWidth: width },
    metricsByRun,
    series: [...series.values()],
    events: events.map((event) => ({ ...event, step: event.step! })),
  };
}

/** Bound parameters in the order they appear, spelled as each database wants; PostgreSQL is told the integers' type. */
function sqlFor(db: Db) {
  const isPostgres = providerOfDb(db) === "postgresql";
  const params: (string | number)[] = [];
  const at = (value: string | number, cast = "") => {
    params.push(value);
    return isPostgres ? `$${params.length}${cast}` : "?";
  };
  return {
    params,
    list: (values: string[]) => values.map((value) => at(value)).join(", "),
    int: (value: number) => at(value, "::int"),
  };
}

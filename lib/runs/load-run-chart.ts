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
  const names = (await Promise.all(runIds.map((runId) => listMetricNames(db, runId)))).flat();
  const metricsByRun: Record<string, string[]> = Object.fromEntries(runIds.map((id) => [id, names.filter((row) => row.runId === id).map((row) => row.name)]));
  const metrics = query.metrics ?? [...new Set(names.map((row) => row.name))].sort().slice(0, 24);
  const pairs = names.filter((row) => metrics.includes(row.name));
  const empty = { window: null, metricsByRun, series: [], events: [] };
  if (pairs.length === 0) return empty;

  let { from, to } = query;
  if (from === undefined || to === undefined) {
    const range = await findStepRange(db, pairs);
    from ??= range.lo;
    to ??= range.hi;
    if (from > to) return empty;
  }
  const width = bucketWidth({ from, to, buckets: query.buckets ?? DEFAULT_BUCKETS });
  const q = sqlFor(db);
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

/**
 * A run's metric names, each found with one index seek past the last (a loose index scan), so a
 * run with a million points of a few metrics does not read them all.
 */
function listMetricNames(db: Db, runId: string) {
  const q = sqlFor(db);
  const anchorRun = q.text(runId);
  return db.$queryRawUnsafe<{ runId: string; name: string }[]>(
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
async function findStepRange(db: Db, pairs: { runId: string; name: string }[]) {
  const q = sqlFor(db);
  const seek = (fn: "MIN" | "MAX", { runId, name }: { runId: string; name: string }) => `(SELECT ${fn}("step") FROM "MetricPoint" WHERE "runId" = ${q.text(runId)} AND "name" = ${q.text(name)})`;
  const selects = pairs.map((pair) => `SELECT ${seek("MIN", pair)} AS "lo", ${seek("MAX", pair)} AS "hi"`);
  const rows = await db.$queryRawUnsafe<{ lo: number; hi: number }[]>(selects.join(" UNION ALL "), ...q.params);
  return { lo: Math.min(...rows.map((row) => Number(row.lo))), hi: Math.max(...rows.map((row) => Number(row.hi))) };
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
    text: (value: string) => at(value, "::text"),
  };
}

import type { DatabaseProvider } from "../db/database-url";
import { sqlParams } from "./sql-params";

/**
 * The power-of-two bucket widths kept in MetricBucket (2^4 = 16 steps up to 2^20). Every second
 * level is kept, so a chart at any level reads at most 4 stored buckets per bucket it draws.
 */
export const ROLLUP_LEVELS = [4, 6, 8, 10, 12, 14, 16, 18, 20] as const;

// Touched buckets closer than this are recomputed as one range: one index scan instead of many.
const mergeGap = 4;
// Ranges per statement: three bound parameters each, under both databases' limits.
const rangesPerStatement = 5_000;

type Range = { name: string; lo: number; hi: number };
/** Makes one statement from its SQL and bound values: a lazy Prisma query, or a driver call to run later. */
export type StatementOf<T> = (sql: string, params: (string | number)[]) => T;

/**
 * Statements that recompute every rollup bucket holding one of `points` from the stored truth: the
 * finest level from MetricPoint, each coarser level from the level below. Recomputing rather than
 * adding keeps a re-sent point that changed its value exact (the old value may have been the max).
 * Run them after the points' upsert, in the same transaction.
 */
export function refreshMetricBuckets<T>(statementOf: StatementOf<T>, provider: DatabaseProvider, { runId, points }: { runId: string; points: { name: string; step: number }[] }): T[] {
  const stepsByName = new Map<string, number[]>();
  for (const { name, step } of points) {
    const steps = stepsByName.get(name) ?? [];
    steps.push(step);
    stepsByName.set(name, steps);
  }
  for (const steps of stepsByName.values()) steps.sort((a, b) => a - b);
  const statements: T[] = [];
  let below: number | null = null;
  for (const level of ROLLUP_LEVELS) {
    const ranges = [...stepsByName].flatMap(([name, steps]) => touchedRanges(name, steps, level));
    for (let start = 0; start < ranges.length; start += rangesPerStatement) {
      const chunk = ranges.slice(start, start + rangesPerStatement);
      statements.push(below === null ? fromPoints(statementOf, provider, runId, level, chunk) : fromLevel(statementOf, provider, runId, level, below, chunk));
    }
    below = level;
  }
  return statements;
}

/** The step ranges, whole buckets of `level`, that cover the given sorted steps. */
function touchedRanges(name: string, steps: number[], level: number): Range[] {
  const width = 2 ** level;
  const ranges: Range[] = [];
  for (const step of steps) {
    const bucket = Math.floor(step / width);
    const last = ranges.at(-1);
    if (last && bucket <= Math.floor(last.hi / width) + mergeGap) last.hi = (bucket + 1) * width - 1;
    else ranges.push({ name, lo: bucket * width, hi: (bucket + 1) * width - 1 });
  }
  return ranges;
}

const upsert = `ON CONFLICT ("runId", "name", "level", "bucket") DO UPDATE SET "min" = excluded."min", "max" = excluded."max", "sum" = excluded."sum", "count" = excluded."count"`;
const columns = `"runId", "name", "level", "bucket", "min", "max", "sum", "count"`;

function rangesCte(q: ReturnType<typeof sqlParams>, ranges: Range[]) {
  return `WITH "touched"("name", "lo", "hi") AS (VALUES ${ranges.map(({ name, lo, hi }) => `(${q.text(name)}, ${q.int(lo)}, ${q.int(hi)})`).join(", ")})`;
}

function fromPoints<T>(statementOf: StatementOf<T>, provider: DatabaseProvider, runId: string, level: number, ranges: Range[]) {
  const q = sqlParams(provider);
  const cte = rangesCte(q, ranges);
  const sql = `${cte}
    INSERT INTO "MetricBucket" (${columns})
    SELECT p."runId", p."name", ${level}, p."step" >> ${level}, MIN(p."value"), MAX(p."value"), SUM(p."value"), COUNT(*)
    FROM "MetricPoint" p JOIN "touched" t ON p."name" = t."name" AND p."step" BETWEEN t."lo" AND t."hi"
    WHERE p."runId" = ${q.text(runId)}
    GROUP BY p."runId", p."name", p."step" >> ${level}
    ${upsert}`;
  return statementOf(sql, q.params);
}

function fromLevel<T>(statementOf: StatementOf<T>, provider: DatabaseProvider, runId: string, level: number, below: number, ranges: Range[]) {
  const q = sqlParams(provider);
  // The same step ranges, as bucket indexes of the level below.
  const cte = rangesCte(q, ranges.map(({ name, lo, hi }) => ({ name, lo: lo / 2 ** below, hi: (hi + 1) / 2 ** below - 1 })));
  const shift = level - below;
  const sql = `${cte}
    INSERT INTO "MetricBucket" (${columns})
    SELECT b."runId", b."name", ${level}, b."bucket" >> ${shift}, MIN(b."min"), MAX(b."max"), SUM(b."sum"), SUM(b."count")
    FROM "MetricBucket" b JOIN "touched" t ON b."name" = t."name" AND b."bucket" BETWEEN t."lo" AND t."hi"
    WHERE b."runId" = ${q.text(runId)} AND b."level" = ${below}
    GROUP BY b."runId", b."name", b."bucket" >> ${shift}
    ${upsert}`;
  return statementOf(sql, q.params);
}

import type { Db } from "../db/client";
import { timeText } from "../db/insert-rows";
import { createdAtRange, type TraceListCursor, type TraceListQuery } from "./trace-list-query";

/** What listTraces resolved `run` to: a run's id and the names its traces may carry instead. */
export type RunMatch = { id: string; names: string[] };
type Cursor = TraceListCursor;

export type TextPage = {
  /** The page's trace ids in the list's order, one more than a page when there is a next. */
  ids: string[];
  /** Traces of the window that hold the text, counted up to one more than `countUpTo`. */
  matched: number;
  /** Whether the other filters passed more traces than the window holds. */
  windowFull: boolean;
};

/**
 * Free text on PostgreSQL as one statement: the window (the newest `searchNewest` traces of the
 * other filters, read down the newest-first index), the traces of it whose input, output or a
 * step's content holds the text (ILIKE with the wildcards escaped: case-insensitive, literal), the
 * count of them up to `countUpTo` and one more, and one page in the list's order after the cursor.
 * A text most traces hold is matched on as many window traces as the page or the count needs, not
 * on all of them.
 *
 * The steps are matched one of two ways, chosen from the planner's estimate of how many steps in
 * the whole table hold the text (pg_trgm's statistics; stepsMatchedByIndexUpTo):
 * - few: read them from the trigram index on step content (migration 0048) and keep the window's;
 *   a text nobody wrote costs an index lookup, whatever the table's size.
 * - many: probe each window trace's steps by traceId and stop at its first hit; the index would
 *   hand over every matching step of the table (a million at a million traces), so its cost grew
 *   with the table. Left to choose, the planner took the index for common texts too (it prices
 *   10,000 index probes above one bitmap scan), hence the choice made here.
 */
export async function findTextPageOnPostgres(
  db: Db,
  {
    projectId,
    query,
    q,
    run,
    cursor,
    take,
    searchNewest,
    countUpTo,
    stepsFromIndexUpTo = stepsMatchedByIndexUpTo,
  }: { projectId: string; query: TraceListQuery; q: string; run: RunMatch | null; cursor: Cursor | null; take: number; searchNewest: number; countUpTo: number; stepsFromIndexUpTo?: number },
): Promise<TextPage> {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const filters = [`t."projectId" = ${param(projectId, "text")}`];
  if (query.source) filters.push(`t."source" = ${param(query.source, "text")}`);
  if (query.environment) filters.push(`t."environment" = ${param(query.environment, "text")}`);
  if (query.run) {
    const names = [query.run, ...(run ? run.names : [])];
    filters.push(`(t."runId" = ${param(run?.id ?? query.run, "text")} OR t."runName" = ANY(${param(names, "text[]")}))`);
  }
  if (query.rewardMin !== undefined) filters.push(`t."reward" >= ${param(query.rewardMin, "float8")}`);
  if (query.rewardMax !== undefined) filters.push(`t."reward" <= ${param(query.rewardMax, "float8")}`);
  if (query.hasOpenEdgeCase) filters.push(`t."openEdgeCases" > 0`);
  const days = createdAtRange(query);
  if (days.gte) filters.push(`t."createdAt" >= ${param(timeText(days.gte), "timestamp(3)")}`);
  if (days.lt) filters.push(`t."createdAt" < ${param(timeText(days.lt), "timestamp(3)")}`);
  const likePattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
  const pattern = param(likePattern, "text");
  const { order, after } = pageOrder(query, cursor, param);
  const fromIndex = (await estimateMatchingSteps(db, likePattern)) <= stepsFromIndexUpTo;
  const stepMatch = fromIndex
    ? `w."id" IN (SELECT s."traceId" FROM "TraceStep" s WHERE s."content" ILIKE ${pattern})`
    : // OFFSET 0 keeps the subquery a per-trace probe rather than one hashed scan of every step.
      `EXISTS (SELECT 1 FROM "TraceStep" s WHERE s."traceId" = w."id" AND s."content" ILIKE ${pattern} OFFSET 0)`;
  const matches = `(w."input" ILIKE ${pattern} OR w."output" ILIKE ${pattern} OR ${stepMatch})`;
  // The window's rows are few and their columns small, so they are sorted whole; the text is then
  // matched down that order only until the page (or the count's bound) is full. The OFFSET 0 keeps
  // the match above the sort instead of below it, where every window trace would be matched.
  const rows = await db.$queryRawUnsafe<{ windowSize: number; matched: number; ids: string[] }[]>(
    `WITH win AS MATERIALIZED (
       SELECT t."id", t."createdAt", t."reward", t."stepCount", t."input", t."output" FROM "Trace" t
       WHERE ${filters.join(" AND ")} ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${param(searchNewest, "int")}
     )
     SELECT (SELECT count(*) FROM win)::int AS "windowSize",
       (SELECT count(*) FROM (SELECT 1 FROM win w WHERE ${matches} LIMIT ${param(countUpTo + 1, "int")}) c)::int AS "matched",
       ARRAY(SELECT w."id" FROM (SELECT * FROM win ORDER BY ${order} OFFSET 0) w WHERE ${after ? `${after} AND ` : ""}${matches} LIMIT ${param(take, "int")}) AS "ids"`,
    ...params,
  );
  const [result] = rows;
  return { ids: result?.ids ?? [], matched: result?.matched ?? 0, windowFull: (result?.windowSize ?? 0) >= searchNewest };
}

/**
 * Up to this many steps (of the whole table) holding the text, they are read from the trigram index;
 * beyond, each window trace is probed. The window's own size: past it, the index hands over more
 * steps than probing the window's traces reads.
 */
const stepsMatchedByIndexUpTo = 10_000;

/** The planner's estimate of the steps whose content matches `pattern`: a plan, not a query (about a millisecond). */
async function estimateMatchingSteps(db: Db, pattern: string): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }[]>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM "TraceStep" s WHERE s."content" ILIKE $1::text`,
    pattern,
  );
  return row?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? Number.POSITIVE_INFINITY;
}

/**
 * The list's order and, after a cursor, the rows that follow it: as listTraces orders them (a
 * reward's nulls last either way). A cursor `before` a page reads the list backwards from it.
 */
function pageOrder(query: TraceListQuery, cursor: Cursor | null, param: (value: unknown, type: string) => string): { order: string; after: string | null } {
  const backward = cursor?.before === true;
  const ascending = (query.dir === "asc") !== backward;
  const dir = ascending ? "ASC" : "DESC";
  const beyond = ascending ? ">" : "<";
  if (query.sort === "reward") {
    const order = `"reward" ${dir} NULLS ${backward ? "FIRST" : "LAST"}, "id" ${dir}`;
    if (!cursor) return { order, after: null };
    if (typeof cursor.value === "number") {
      const fromReward = `("reward", "id") ${beyond} (${param(cursor.value, "float8")}, ${param(cursor.id, "text")})`;
      return { order, after: backward ? fromReward : `(${fromReward} OR "reward" IS NULL)` };
    }
    const fromNull = `"reward" IS NULL AND "id" ${beyond} ${param(cursor.id, "text")}`;
    return { order, after: backward ? `((${fromNull}) OR "reward" IS NOT NULL)` : fromNull };
  }
  if (query.sort === "stepCount") {
    const order = `"stepCount" ${dir}, "id" ${dir}`;
    if (!cursor || typeof cursor.value !== "number") return { order, after: null };
    return { order, after: `("stepCount", "id") ${beyond} (${param(cursor.value, "int")}, ${param(cursor.id, "text")})` };
  }
  const order = `"createdAt" ${dir}, "id" ${dir}`;
  const at = cursor && typeof cursor.value === "string" ? new Date(cursor.value) : null;
  // A hand-edited cursor starts from the first page, as listTraces does.
  if (!cursor || !at || Number.isNaN(at.getTime())) return { order, after: null };
  return { order, after: `("createdAt", "id") ${beyond} (${param(timeText(at), "timestamp(3)")}, ${param(cursor.id, "text")})` };
}

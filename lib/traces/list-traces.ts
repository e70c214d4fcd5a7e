import { providerOfDb, type Db } from "../db/client";
import { findTextPageOnPostgres, type RunMatch } from "./find-text-page-on-postgres";
import { createdAtRange, type TraceListCursor, type TraceListQuery, type TraceSortKey } from "./trace-list-query";
import { traceTextFilter } from "./trace-text-filter";

export type TraceListItem = {
  id: string;
  externalId: string;
  source: string;
  environment: string | null;
  task: string | null;
  /** The linked run's name, else the run the trace names itself. */
  runName: string | null;
  reward: number | null;
  success: boolean | null;
  stepCount: number;
  openEdgeCases: number;
  createdAt: Date;
  preview: string;
};
export type TraceListPage = {
  items: TraceListItem[];
  /** Matching traces, counted up to `countLimit`; `totalIsLowerBound` when there are more. */
  total: number;
  totalIsLowerBound: boolean;
  /** Set when free text searched only the newest `searchWindow` traces of the other filters. */
  searchedNewest: number | null;
  nextCursor: string | null;
  /** Null on the first page. */
  previousCursor: string | null;
};

type Where = NonNullable<NonNullable<Parameters<Db["trace"]["findMany"]>[0]>["where"]>;
type Cursor = TraceListCursor;

const previewLength = 160;
/** The count stops here: counting a million rows on every page would cost more than the page. */
export const countLimit = 10_000;
/**
 * Free text (input, output and every step's content) is matched within the newest this-many
 * traces that pass the other filters, so a search costs the same at a million traces as at ten
 * thousand; a date range moves the window back in time.
 */
export const searchWindow = 10_000;
/**
 * A free-text count stops here: counting every match in the window means running the text match
 * over all of it (about 40 ms of SQLite CPU at 10,000 traces), where the page itself stops at its
 * 51st match. The page says "1,000+" beyond it.
 */
export const textCountLimit = 1_000;

const select = { id: true, externalId: true, source: true, environment: true, task: true, runName: true, reward: true, success: true, stepCount: true, openEdgeCases: true, createdAt: true, input: true, output: true, runId: true } as const;

/**
 * One page of a project's traces, filtered and sorted, with keyset pagination on (sort key, id):
 * each page is an index range scan from the cursor, so page 1,000 costs what page 1 does. A
 * previous page is the same scan the other way from the page's first row, read back into the list's
 * order. `reward` sorts with nulls last in both directions: the traces with a reward, then those
 * without, each its own index range.
 */
export async function listTraces(
  db: Db,
  { projectId, query, limit = 50, countUpTo = countLimit, searchNewest = searchWindow }: { projectId: string; query: TraceListQuery; limit?: number; countUpTo?: number; searchNewest?: number },
): Promise<TraceListPage> {
  const cursor = decodeCursor(query.cursor);
  const backward = cursor?.before === true;
  if (query.q) countUpTo = Math.min(countUpTo, textCountLimit);
  const { rows, counted, searchedNewest } =
    query.q && providerOfDb(db) === "postgresql"
      ? await findTextPage(db, { projectId, query, q: query.q, cursor, take: limit + 1, searchNewest, countUpTo })
      : await findFilteredPage(db, { projectId, query, cursor, take: limit + 1, countUpTo, searchNewest });
  // Read backwards, no row beyond the page means the page before is the first: shown as the first
  // page is, full even when rows came in since.
  if (backward && rows.length <= limit) return listTraces(db, { projectId, query: { ...query, cursor: undefined }, limit, countUpTo, searchNewest });
  const page = backward ? rows.slice(0, limit).reverse() : rows.slice(0, limit);
  const [first, last] = [page[0], page.at(-1)];
  const runNames = await findRunNames(db, page);
  return {
    items: page.map(({ input, output, runId, runName, ...row }) => ({ ...row, runName: (runId && runNames.get(runId)) ?? runName, preview: (input ?? output ?? "").slice(0, previewLength) })),
    total: Math.min(counted, countUpTo),
    totalIsLowerBound: counted > countUpTo,
    searchedNewest,
    nextCursor: (backward || rows.length > limit) && last ? encodeCursor({ value: sortValue(query.sort, last), id: last.id }) : null,
    previousCursor: cursor && first ? encodeCursor({ value: sortValue(query.sort, first), id: first.id, before: true }) : null,
  };
}

type Row = Awaited<ReturnType<typeof findPage>>[number];
type Found = { rows: Row[]; counted: number; searchedNewest: number | null };

async function findFilteredPage(
  db: Db,
  { projectId, query, cursor, take, countUpTo, searchNewest }: { projectId: string; query: TraceListQuery; cursor: Cursor | null; take: number; countUpTo: number; searchNewest: number },
): Promise<Found> {
  const { parts, dates, searchedNewest } = await toFilters(db, projectId, query, searchNewest);
  const filters = whereOf(parts, dates);
  // A previous page is read in the other direction from its cursor (and turned round by listTraces).
  const dir = cursor?.before ? opposite(query.dir) : query.dir;
  const page = () =>
    query.sort === "reward"
      ? findRewardPage(db, filters, query.dir, cursor, take)
      : query.sort === "createdAt"
        ? findDatePage(db, parts, dates, dir, cursor, take)
        : findPage(db, filters, query.sort, dir, cursor, take);
  // Ordered by createdAt, so the capped count walks an index that ends in it and stops at the cap (a
  // count with `take` alone is ordered by id, which scans the whole table). Not by id as well: the
  // run-name index has no id, and SQLite would read every trace of the run to sort them.
  const count = () => db.trace.count({ where: filters, orderBy: { createdAt: "desc" }, take: countUpTo + 1 });
  if (providerOfDb(db) === "postgresql") {
    const [rows, counted] = await Promise.all([page(), count()]);
    return { rows, counted, searchedNewest };
  }
  // SQLite runs one statement at a time anyway, so the count waits for the page, and is not run at
  // all when the first page holds every match: a search that finds little would read its window twice.
  const rows = await page();
  return { rows, counted: !cursor && rows.length < take ? rows.length : await count(), searchedNewest };
}

/** Free text on PostgreSQL: window, match, count and page in one statement (find-text-page-on-postgres.ts), then the page's rows. */
async function findTextPage(
  db: Db,
  { projectId, query, q, cursor, take, searchNewest, countUpTo }: { projectId: string; query: TraceListQuery; q: string; cursor: Cursor | null; take: number; searchNewest: number; countUpTo: number },
): Promise<Found> {
  const run = query.run ? await findRun(db, projectId, query.run) : null;
  const { ids, matched, windowFull } = await findTextPageOnPostgres(db, { projectId, query, q, run, cursor, take, searchNewest, countUpTo });
  const found = await db.trace.findMany({ where: { id: { in: ids } }, select });
  const byId = new Map(found.map((row) => [row.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), counted: matched, searchedNewest: windowFull ? searchNewest : null };
}

/** The names of the runs the page's traces are linked to; no query when none is (imported traces). */
async function findRunNames(db: Db, rows: { runId: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap(({ runId }) => (runId ? [runId] : [])))];
  if (ids.length === 0) return new Map();
  return new Map((await db.trainingRun.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((run) => [run.id, run.name]));
}

/** The runs page links a run by id; imported traces often name their run without linking it. */
async function findRun(db: Db, projectId: string, run: string): Promise<RunMatch | null> {
  const found = await db.trainingRun.findFirst({ where: { projectId, OR: [{ id: run }, { name: run }] }, select: { id: true, name: true } });
  return found ? { id: found.id, names: [found.name] } : null;
}

type DateRange = { gte?: Date; lt?: Date };

function whereOf(parts: Where[], dates: DateRange): Where {
  return { AND: [...parts, ...(dates.gte || dates.lt ? [{ createdAt: dates }] : [])] };
}

function findPage(db: Db, filters: Where, sort: "stepCount", dir: "asc" | "desc", cursor: Cursor | null, take: number) {
  const where: Where = cursor ? { AND: [filters, keysetAfter(sort, dir, cursor.value, cursor.id)] } : filters;
  return db.trace.findMany({ where, orderBy: [{ [sort]: dir }, { id: dir }], take, select });
}

// The cursor's bound replaces the date filter's bound on the same side instead of adding a second
// one: with two upper (or lower) bounds on createdAt SQLite's planner leaves the index order and
// sorts the whole date range (250 ms instead of 5 at a million traces).
function findDatePage(db: Db, parts: Where[], dates: DateRange, dir: "asc" | "desc", cursor: Cursor | null, take: number) {
  const orderBy = [{ createdAt: dir }, { id: dir }];
  const at = cursor && typeof cursor.value === "string" ? new Date(cursor.value) : null;
  if (!cursor || !at || Number.isNaN(at.getTime())) return db.trace.findMany({ where: whereOf(parts, dates), orderBy, take, select });
  const tie: Where = { NOT: { createdAt: at, id: dir === "desc" ? { gte: cursor.id } : { lte: cursor.id } } };
  const range: DateRange & { lte?: Date } =
    dir === "desc"
      ? dates.lt && at >= dates.lt ? dates : { ...(dates.gte ? { gte: dates.gte } : {}), lte: at }
      : dates.gte && at < dates.gte ? dates : { ...(dates.lt ? { lt: dates.lt } : {}), gte: at };
  const bounded = range === dates ? [] : [tie];
  return db.trace.findMany({ where: { AND: [...parts, { createdAt: range }, ...bounded] }, orderBy, take, select });
}

// Two ranges, so that each is a plain scan of the (projectId, reward, id) index on both databases
// (an ORDER BY with NULLS LAST is not, on SQLite for ASC nor on PostgreSQL for DESC). In the list's
// order the traces with a reward come first; read backwards (a previous page), those without do.
async function findRewardPage(db: Db, filters: Where, dir: "asc" | "desc", cursor: Cursor | null, take: number) {
  const backward = cursor?.before === true;
  const readDir = backward ? opposite(dir) : dir;
  const inNulls = cursor !== null && typeof cursor.value !== "number";
  const withReward = (n: number) => {
    const after: Where = cursor && !inNulls ? keysetAfter("reward", readDir, cursor.value, cursor.id) : { reward: { not: null } };
    return db.trace.findMany({ where: { AND: [filters, after] }, orderBy: [{ reward: readDir }, { id: readDir }], take: n, select });
  };
  const withoutReward = (n: number) => {
    const after: Where = cursor && inNulls ? { reward: null, id: { [readDir === "desc" ? "lt" : "gt"]: cursor.id } } : { reward: null };
    return db.trace.findMany({ where: { AND: [filters, after] }, orderBy: [{ id: readDir }], take: n, select });
  };
  const ranges = backward ? (inNulls ? [withoutReward, withReward] : [withReward]) : inNulls ? [withoutReward] : [withReward, withoutReward];
  const rows: Row[] = [];
  for (const range of ranges) if (rows.length < take) rows.push(...(await range(take - rows.length)));
  return rows;
}

const opposite = (dir: "asc" | "desc") => (dir === "asc" ? "desc" : "asc");

async function toFilters(db: Db, projectId: string, query: TraceListQuery, searchNewest: number): Promise<{ parts: Where[]; dates: DateRange; searchedNewest: number | null }> {
  const parts: Where[] = [{ projectId }];
  if (query.source) parts.push({ source: query.source });
  if (query.environment) parts.push({ environment: query.environment });
  if (query.run) {
    const run = await findRun(db, projectId, query.run);
    // Without a run of that id or name only the name can match (a trace's runId is a run's id): one
    // equality, which the (projectId, runName, createdAt) index answers in order, where the OR made
    // SQLite collect and sort every trace of the run.
    parts.push(run ? { OR: [{ runId: run.id }, ...[...new Set([query.run, ...run.names])].map((name) => ({ runName: name }))] } : { runName: query.run });
  }
  if (query.rewardMin !== undefined) parts.push({ reward: { gte: query.rewardMin } });
  if (query.rewardMax !== undefined) parts.push({ reward: { lte: query.rewardMax } });
  if (query.hasOpenEdgeCase) parts.push({ openEdgeCases: { gt: 0 } });
  const dates: DateRange = createdAtRange(query);
  if (!query.q) return { parts, dates, searchedNewest: null };

  // The window: traces at or after the newest `searchWindow`-th one of the other filters. Its
  // edge is inside the date range, so it replaces the range's lower bound.
  const edge = await db.trace.findFirst({ where: whereOf(parts, dates), orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: searchNewest - 1, select: { createdAt: true, id: true } });
  if (edge) {
    dates.gte = edge.createdAt;
    parts.push({ NOT: { createdAt: edge.createdAt, id: { lt: edge.id } } });
  }
  parts.push(await traceTextFilter(db, { scope: whereOf(parts, dates), q: query.q }));
  return { parts, dates, searchedNewest: edge ? searchNewest : null };
}

/**
 * Rows after (value, id) in (key, id) order: a bound on the key, where the index range starts,
 * and the ties at the bound that come before the cursor left out.
 */
function keysetAfter(key: "reward" | "stepCount", dir: "asc" | "desc", value: unknown, id: string): Where {
  return dir === "desc" ? { AND: [{ [key]: { lte: value } }, { NOT: { [key]: value, id: { gte: id } } }] } : { AND: [{ [key]: { gte: value } }, { NOT: { [key]: value, id: { lte: id } } }] };
}

function sortValue(sort: TraceSortKey, row: { createdAt: Date; reward: number | null; stepCount: number }): Cursor["value"] {
  if (sort === "createdAt") return row.createdAt.toISOString();
  return row[sort];
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor.before ? [cursor.value, cursor.id, "before"] : [cursor.value, cursor.id])).toString("base64url");
}

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const [value, id, side] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown, unknown];
    if (typeof id !== "string" || !(value === null || typeof value === "string" || typeof value === "number")) return null;
    return side === "before" ? { value, id, before: true } : { value, id };
  } catch {
    // A hand-edited or stale cursor starts from the first page rather than failing the page.
    return null;
  }
}

/** Whether the project has any trace at all (the empty state), without counting a million rows. */
export async function hasAnyTrace(db: Db, { projectId }: { projectId: string }): Promise<boolean> {
  return (await db.trace.findFirst({ where: { projectId }, select: { id: true } })) !== null;
}

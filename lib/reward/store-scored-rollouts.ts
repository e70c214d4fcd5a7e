import { setImmediate as nextTurn } from "node:timers/promises";
import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type pg from "pg";
import { findPgPool, findSqliteConnection, idleSqlite, providerOfDb, type Db } from "../db/client";
import { selectRows } from "../db/insert-rows-on-postgres";
import { insertRowsOnSqlite, insertStatements, quotedNames, timeText, type Columns, type Value } from "../db/insert-rows";
import { retryOnBusy } from "../db/retry-on-busy";
import { retryOnIdleSqlite } from "../db/retry-on-idle-sqlite";
import { timeOrderedId } from "../db/time-ordered-id";
import type { Actor } from "../audit/record-audit-event";
import { hashTrace } from "../traces/hash-trace";
import { registerRun } from "../runs/register-run";
import type { ItemResult } from "../checks/rubric-item-schema";
import type { Trace } from "../traces/trace-schema";
import { stepColumns, toStepRow, toTraceRow, traceColumns } from "../traces/store-traces";
import { deriveSeed } from "../random/prng";

/**
 * `externalId` defaults to the trace's content hash; a rollout that could not be scored has its own
 * prefix. `contentHash` is hashTrace(trace) when the caller has it already. `isSameAs` is given when
 * the externalId is the caller's (a sample id): a trace already stored under it that it says is other
 * content is a conflict, kept as it is and given none of this rollout's results.
 */
export type ScoredRollout = { trace: Trace; results: ItemResult[]; externalId?: string; contentHash?: string; isSameAs?: (stored: StoredContent) => boolean };
/** What a stored trace's content is recognised by: its content hash, taken with its reward. */
export type StoredContent = { contentHash: string | null; reward: number | null };
/** `conflicts`: the indexes of rollouts whose externalId is stored with other content (their traceIds entry is that trace's). */
export type StoredRollouts = { traceIds: string[]; accepted: number; duplicates: number; runIds: Array<string | null>; conflicts: number[] };

const itemResultColumns: Columns = [["traceId", "text"], ["rubricItemId", "text"], ["projectId", "text"], ["answer", "text"], ["evidence", "text"], ["createdAt", "time"]];
// A result a trace already has for an item (its primary key) is kept: a resent rollout stores nothing twice.
const keepStoredResult = `ON CONFLICT ("traceId", "rubricItemId") DO NOTHING`;
// Rollouts per transaction: a batch at the body limit (8,192) is written in several, with a turn of
// the event loop between them, so other requests are not held behind it.
const rolloutsPerTransaction = 1024;
// Prisma refuses `in` lists past SQLite's parameter limit (P2029); lookups through it go in slices.
const lookupChunk = 500;

type Slice = { projectId: string; itemIds: Map<string, string>; runIds: Map<string, string>; rollouts: ScoredRollout[] };
/** A rollout's trace and step rows, made before the transaction; written only if its externalId is new. */
type Candidate = { externalId: string; id: string; traceRow: Value[]; stepRows: Value[][] };
type SliceRows = { traceIds: string[]; accepted: number; conflicts: number[]; traceRows: Value[][]; stepRows: Value[][]; resultRows: Value[][] };
type StoredTrace = StoredContent & { id: string };
// Where toTraceRow puts them.
const contentHashColumn = 3;
const rewardColumn = 12;
const storedOf = (id: string, traceRow: Value[]): StoredTrace => ({ id, contentHash: traceRow[contentHashColumn] as string, reward: traceRow[rewardColumn] as number | null });
const conflictsWith = ({ isSameAs }: ScoredRollout, stored: StoredContent) => isSameAs !== undefined && !isSameAs(stored);

/**
 * Stores scored rollouts as traces (idempotent on their externalId, by default the content hash: a
 * resent rollout is the same trace) with their steps and item results, each slice of rollouts in one
 * transaction: on SQLite one lookup of the externalIds already stored, then multi-row INSERTs; on
 * PostgreSQL one statement (storeOnPostgres). Ids are time-ordered, so the rows append to their indexes.
 */
export async function storeScoredRollouts(
  db: Db,
  { projectId, itemIds, rollouts }: { projectId: string; itemIds: Map<string, string>; rollouts: ScoredRollout[] },
): Promise<StoredRollouts> {
  if (rollouts.length === 0) return { traceIds: [], accepted: 0, duplicates: 0, runIds: [], conflicts: [] };
  const runIds = await resolveRunIds(db, projectId, rollouts);
  const connection = await findSqliteConnection(db);
  const pool = findPgPool(db);
  const traceIds: string[] = [];
  const conflicts: number[] = [];
  let accepted = 0;
  for (let start = 0; start < rollouts.length; start += rolloutsPerTransaction) {
    if (start > 0) await nextTurn();
    const slice: Slice = { projectId, itemIds, runIds, rollouts: rollouts.slice(start, start + rolloutsPerTransaction) };
    const candidates = candidatesOf(slice);
    const sqlite = idleSqlite(connection);
    const stored = sqlite
      ? await retryOnIdleSqlite(sqlite, (connection) => storeOnSqlite(connection, slice, candidates))
      : pool
        ? await storeOnPostgresInParts(pool, slice, candidates)
        : await retryOnBusy(() => storeThroughPrisma(db, slice, candidates));
    traceIds.push(...stored.traceIds);
    for (const index of stored.conflicts) conflicts.push(start + index);
    accepted += stored.accepted;
  }
  return { traceIds, accepted, duplicates: rollouts.length - accepted, runIds: rollouts.map(({ trace }) => runIds.get(trace.run ?? "") ?? null), conflicts };
}

function candidatesOf({ projectId, runIds, rollouts }: Slice): Candidate[] {
  const createdAt = new Date();
  return rollouts.map(({ trace, externalId: own, contentHash }) => {
    const externalId = own ?? `rollout:${hashTrace(trace)}`;
    const id = timeOrderedId();
    const traceRow = toTraceRow({ id, projectId, runId: runIds.get(trace.run ?? ""), externalId, trace, createdAt, contentHash });
    return { externalId, id, traceRow, stepRows: trace.steps.map((step, index) => toStepRow(id, index, step)) };
  });
}

/** The rows to write, given the externalIds the project already has (their traces are kept as they are). */
function rowsToWrite({ projectId, itemIds, rollouts }: Slice, candidates: Candidate[], existing: Map<string, StoredTrace>): SliceRows {
  const storedOfId = new Map(existing);
  const rows: SliceRows = { traceIds: [], accepted: 0, conflicts: [], traceRows: [], stepRows: [], resultRows: [] };
  // A rollout sent twice in one slice is one trace: its results are written once (they are the same
  // version's answers to the same content).
  const withResults = new Set<string>();
  const createdAt = timeText(new Date());
  candidates.forEach(({ externalId, id: newId, traceRow, stepRows }, index) => {
    let stored = storedOfId.get(externalId);
    if (stored === undefined) {
      storedOfId.set(externalId, (stored = storedOf(newId, traceRow)));
      rows.traceRows.push(traceRow);
      for (const stepRow of stepRows) rows.stepRows.push(stepRow);
      rows.accepted += 1;
    }
    const { id } = stored;
    rows.traceIds.push(id);
    if (conflictsWith(rollouts[index]!, stored)) {
      rows.conflicts.push(index);
      return;
    }
    const { results } = rollouts[index]!;
    if (results.length === 0 || withResults.has(id)) return;
    withResults.add(id);
    for (const row of resultRows(id, results, itemIds, projectId, createdAt)) rows.resultRows.push(row);
  });
  return rows;
}

/** One rollout's item results as rows led by `owner` (its trace id, or its externalId for a statement that joins it to the trace); results of items the version lacks are left out. */
function resultRows(owner: string, results: ItemResult[], itemIds: Map<string, string>, projectId: string, createdAt: string): Value[][] {
  return results.flatMap((result): Value[][] => {
    const rubricItemId = itemIds.get(result.key);
    return rubricItemId ? [[owner, rubricItemId, projectId, result.answer, result.evidence || null, createdAt]] : [];
  });
}

const lookups = new WeakMap<SqliteConnection, Statement>();

// BEGIN IMMEDIATE takes the write lock before the lookup reads (a deferred transaction that read
// first fails at once with SQLITE_BUSY when another process wrote meanwhile); the lookup, the rows
// and the commit then run synchronously, so nothing else in this process touches the connection.
function storeOnSqlite(connection: SqliteConnection, slice: Slice, candidates: Candidate[]): SliceRows {
  let lookup = lookups.get(connection);
  if (!lookup) lookups.set(connection, (lookup = connection.prepare(`SELECT "externalId", "id", "contentHash", "reward" FROM "Trace" WHERE "projectId" = ? AND "externalId" IN (SELECT value FROM json_each(?))`).raw()));
  const statement = lookup;
  return connection
    .transaction(() => {
      const found = statement.all(slice.projectId, JSON.stringify(candidates.map(({ externalId }) => externalId))) as Array<[string, string, string | null, number | null]>;
      const existing = new Map(found.map(([externalId, id, contentHash, reward]) => [externalId, { id, contentHash, reward }]));
      const rows = rowsToWrite(slice, candidates, existing);
      insertRowsOnSqlite(connection, "Trace", traceColumns, rows.traceRows);
      insertRowsOnSqlite(connection, "TraceStep", stepColumns, rows.stepRows);
      insertRowsOnSqlite(connection, "ItemResult", itemResultColumns, rows.resultRows, keepStoredResult);
      return rows;
    })
    .immediate();
}

/**
 * On PostgreSQL a slice is one statement, so one round trip and its own transaction (no BEGIN and
 * COMMIT to wait for): the traces are inserted `ON CONFLICT DO NOTHING` on their externalId, the steps
 * of those it inserted follow, and the item results go to each rollout's trace, new or already stored.
 * Two such statements inserting the same externalId at once (two group commits in flight, or the
 * web app and the reward server) are serialised by the unique index: the second waits for the
 * first's commit and then inserts nothing. Its snapshot, taken before that commit, cannot see the
 * row, so those externalIds are looked up again in a second statement, which writes their results.
 */
async function storeOnPostgres(pool: pg.Pool, slice: Slice, candidates: Candidate[]): Promise<Pick<SliceRows, "traceIds" | "accepted" | "conflicts">> {
  const { projectId, itemIds, rollouts } = slice;
  // The first rollout of each externalId carries its trace; the first with results that is the same
  // content carries those (a rollout sent twice in one slice is one trace, with one set of results).
  const traceOf = new Map<string, Candidate>();
  const resultsOf = new Map<string, { results: ItemResult[]; contentHash: string | null }>();
  candidates.forEach((candidate, index) => {
    if (!traceOf.has(candidate.externalId)) traceOf.set(candidate.externalId, candidate);
    const rollout = rollouts[index]!;
    const first = traceOf.get(candidate.externalId)!;
    if (rollout.results.length === 0 || resultsOf.has(candidate.externalId) || conflictsWith(rollout, storedOf(first.id, first.traceRow))) return;
    // A caller's externalId gets results only on a trace of this content, new or stored (checked in the statement).
    resultsOf.set(candidate.externalId, { results: rollout.results, contentHash: rollout.isSameAs ? (first.traceRow[contentHashColumn] as string) : null });
  });
  // In externalId order, so two statements sharing externalIds take their index entries in the same
  // order and one waits for the other instead of deadlocking.
  const externalIds = [...traceOf.keys()].sort();
  const createdAt = timeText(new Date());
  // Only a slice with a caller's externalId carries the content column (most carry none: no cost to them).
  const checksContent = rollouts.some(({ isSameAs }) => isSameAs !== undefined);
  const resultRowsOf = (ids: string[]) =>
    ids.flatMap((externalId) => {
      const own = resultsOf.get(externalId);
      if (!own) return [];
      const rows = resultRows(externalId, own.results, itemIds, projectId, createdAt);
      return checksContent ? rows.map(([, ...rest]) => [externalId, own.contentHash, ...rest]) : rows;
    });
  const resultColumns = checksContent ? resultByExternalIdAndContentColumns : resultByExternalIdColumns;
  const params: unknown[] = [];
  const traces = selectRows(traceColumns, externalIds.map((externalId) => traceOf.get(externalId)!.traceRow), params);
  const stepRows = externalIds.flatMap((externalId) => traceOf.get(externalId)!.stepRows);
  const steps = stepRows.length > 0 ? selectRows(stepColumns, stepRows, params) : null;
  const results = resultRowsOf(externalIds);
  const resultSelect = results.length > 0 ? selectRows(resultColumns, results, params) : null;
  params.push(projectId, externalIds);
  const [projectParam, externalIdsParam] = [`$${params.length - 1}::text`, `$${params.length}::text[]`];
  const found = await pool.query<StoredTrace & { externalId: string; isNew: boolean }>(
    [
      `WITH new_trace AS (INSERT INTO "Trace" (${quotedNames(traceColumns)}) ${traces} ON CONFLICT ("projectId", "externalId") DO NOTHING RETURNING "id", "externalId", "contentHash", "reward")`,
      steps && `, new_step AS (INSERT INTO "TraceStep" (${quotedNames(stepColumns)}) SELECT * FROM (${steps}) AS step WHERE step."traceId" IN (SELECT "id" FROM new_trace))`,
      `, stored AS (SELECT "id", "externalId", "contentHash", "reward", true AS "isNew" FROM new_trace UNION ALL SELECT "id", "externalId", "contentHash", "reward", false FROM "Trace" WHERE "projectId" = ${projectParam} AND "externalId" = ANY(${externalIdsParam}))`,
      resultSelect && `, new_result AS (${insertResults(resultSelect, checksContent)})`,
      `SELECT "id", "externalId", "contentHash", "reward", "isNew" FROM stored`,
    ]
      .filter(Boolean)
      .join(" "),
    params,
  );
  const storedOfId = new Map<string, StoredTrace>(found.rows.map(({ externalId, id, contentHash, reward }) => [externalId, { id, contentHash, reward }]));
  const accepted = found.rows.filter(({ isNew }) => isNew).length;
  const committedMeanwhile = externalIds.filter((externalId) => !storedOfId.has(externalId));
  if (committedMeanwhile.length > 0) {
    const again: unknown[] = [];
    const lateResults = resultRowsOf(committedMeanwhile);
    const lateSelect = lateResults.length > 0 ? selectRows(resultColumns, lateResults, again) : null;
    again.push(projectId, committedMeanwhile);
    const late = await pool.query<StoredTrace & { externalId: string }>(
      [
        `WITH stored AS (SELECT "id", "externalId", "contentHash", "reward" FROM "Trace" WHERE "projectId" = $${again.length - 1}::text AND "externalId" = ANY($${again.length}::text[]))`,
        lateSelect && `, new_result AS (${insertResults(lateSelect, checksContent)})`,
        `SELECT "id", "externalId", "contentHash", "reward" FROM stored`,
      ]
        .filter(Boolean)
        .join(" "),
      again,
    );
    for (const { externalId, id, contentHash, reward } of late.rows) storedOfId.set(externalId, { id, contentHash, reward });
  }
  const conflicts: number[] = [];
  const traceIds = candidates.map(({ externalId }, index) => {
    const stored = storedOfId.get(externalId);
    if (stored === undefined) throw new Error(`rollout ${externalId} was neither stored nor found stored`);
    if (conflictsWith(rollouts[index]!, stored)) conflicts.push(index);
    return stored.id;
  });
  return { traceIds, accepted, conflicts };
}

// Item results named by their rollout's externalId, joined to the trace ids the statement found; with
// a contentHash (a caller's externalId), only to a trace of that content.
const resultByExternalIdColumns: Columns = [["externalId", "text"], ...itemResultColumns.slice(1)];
const resultByExternalIdAndContentColumns: Columns = [["externalId", "text"], ["contentHash", "text"], ...itemResultColumns.slice(1)];
const insertResults = (select: string, checksContent: boolean) =>
  `INSERT INTO "ItemResult" (${quotedNames(itemResultColumns)}) SELECT stored."id", result."rubricItemId", result."projectId", result."answer", result."evidence", result."createdAt" ` +
  `FROM (${select}) AS result JOIN stored ON stored."externalId" = result."externalId"${checksContent ? ` AND (result."contentHash" IS NULL OR stored."contentHash" = result."contentHash")` : ""} ORDER BY 1, 2 ${keepStoredResult}`;

// A slice of at least this many rollouts is written on PostgreSQL as two transactions at once, each on
// its own connection: the server's work for it (the rows, their indexes, the foreign-key checks of
// ten item results a rollout) is most of a batch's time, and so runs on two cores while this process
// waits (docs/performance.md, "Reward on PostgreSQL, the database side"). Smaller slices, the group
// commits of one-rollout requests among them, stay one transaction.
const rolloutsForTwoParts = 512;

/**
 * The slice in parts split by externalId, so a rollout sent twice lands in one part (and is one trace);
 * each part is its own transaction, tried again on its own when the database is busy. Both parts are
 * finished, committed or rolled back, before it returns or throws: a caller that sends the slice again
 * then finds what one part stored, as it finds a committed earlier slice of a long batch.
 */
async function storeOnPostgresInParts(pool: pg.Pool, slice: Slice, candidates: Candidate[]): Promise<Pick<SliceRows, "traceIds" | "accepted" | "conflicts">> {
  if (candidates.length < rolloutsForTwoParts) return retryOnBusy(() => storeOnPostgres(pool, slice, candidates));
  const parts: number[][] = [[], []];
  candidates.forEach(({ externalId }, index) => parts[partOf(externalId)]!.push(index));
  const settled = await Promise.allSettled(
    parts.map((indexes) =>
      indexes.length === 0
        ? { traceIds: [], accepted: 0, conflicts: [] }
        : retryOnBusy(() => storeOnPostgres(pool, { ...slice, rollouts: indexes.map((i) => slice.rollouts[i]!) }, indexes.map((i) => candidates[i]!))),
    ),
  );
  const traceIds: string[] = new Array(candidates.length);
  const conflicts: number[] = [];
  let accepted = 0;
  for (const [p, outcome] of settled.entries()) {
    if (outcome.status === "rejected") throw outcome.reason;
    parts[p]!.forEach((index, k) => (traceIds[index] = outcome.value.traceIds[k]!));
    for (const k of outcome.value.conflicts) conflicts.push(parts[p]![k]!);
    accepted += outcome.value.accepted;
  }
  return { traceIds, accepted, conflicts: conflicts.sort((a, b) => a - b) };
}

/** 0 or 1 from the externalId's characters (its FNV-1a hash's low bit). */
const partOf = (externalId: string): number => deriveSeed(externalId) & 1;

// SQLite inside an open Prisma transaction: the same lookup and multi-row INSERTs through Prisma, in one transaction.
async function storeThroughPrisma(db: Db, slice: Slice, candidates: Candidate[]): Promise<SliceRows> {
  const provider = providerOfDb(db);
  const externalIds = [...new Set(candidates.map(({ externalId }) => externalId))];
  return db.$transaction(
    async (tx) => {
      const existing = new Map<string, StoredTrace>();
      for (let start = 0; start < externalIds.length; start += lookupChunk) {
        const found = await tx.trace.findMany({ where: { projectId: slice.projectId, externalId: { in: externalIds.slice(start, start + lookupChunk) } }, select: { id: true, externalId: true, contentHash: true, reward: true } });
        for (const { id, externalId, contentHash, reward } of found) existing.set(externalId ?? "", { id, contentHash, reward });
      }
      const rows = rowsToWrite(slice, candidates, existing);
      for (const statement of insertStatements(tx, provider, "Trace", traceColumns, rows.traceRows)) await statement;
      for (const statement of insertStatements(tx, provider, "TraceStep", stepColumns, rows.stepRows)) await statement;
      for (const statement of insertStatements(tx, provider, "ItemResult", itemResultColumns, rows.resultRows, keepStoredResult)) await statement;
      return rows;
    },
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** A run named by id or by name becomes the trace's runId, so the monitor sees the run's rollouts. */
async function resolveRunIds(db: Db, projectId: string, rollouts: ScoredRollout[]) {
  const refs = [...new Set(rollouts.flatMap(({ trace }) => (trace.run ? [trace.run] : [])))];
  const byRef = new Map<string, string>();
  if (refs.length === 0) return byRef;
  const runs = await db.trainingRun.findMany({
    where: { projectId, OR: [{ id: { in: refs } }, { name: { in: refs } }, { externalId: { in: refs } }] },
    select: { id: true, name: true, externalId: true },
  });
  for (const run of runs) for (const ref of [run.id, run.name, run.externalId]) if (ref && refs.includes(ref) && !byRef.has(ref)) byRef.set(ref, run.id);
  // A run the trainer names that does not exist yet is made by that name, as POST /api/v1/runs would.
  for (const ref of refs.filter((ref) => !byRef.has(ref))) {
    const { run } = await registerRun(db, { projectId, input: { name: ref }, actor: rewardApiActor });
    byRef.set(ref, run.id);
  }
  return byRef;
}

const rewardApiActor: Actor = { userId: null, label: "reward-api" };

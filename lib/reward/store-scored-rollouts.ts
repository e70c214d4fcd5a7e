import { setImmediate as nextTurn } from "node:timers/promises";
import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type pg from "pg";
import { findPgPool, findSqliteConnection, providerOfDb, type Db } from "../db/client";
import { selectRows } from "../db/insert-rows-on-postgres";
import { insertRowsOnSqlite, insertStatements, quotedNames, timeText, type Columns, type Value } from "../db/insert-rows";
import { retryOnBusy } from "../db/retry-on-busy";
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
 * prefix. `contentHash` is hashTrace(trace) when the caller has it already.
 */
export type ScoredRollout = { trace: Trace; results: ItemResult[]; externalId?: string; contentHash?: string };
export type StoredRollouts = { traceIds: string[]; accepted: number; duplicates: number; runIds: Array<string | null> };

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
type SliceRows = { traceIds: string[]; accepted: number; traceRows: Value[][]; stepRows: Value[][]; resultRows: Value[][] };

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
  if (rollouts.length === 0) return { traceIds: [], accepted: 0, duplicates: 0, runIds: [] };
  const runIds = await resolveRunIds(db, projectId, rollouts);
  const connection = await findSqliteConnection(db);
  const pool = findPgPool(db);
  const traceIds: string[] = [];
  let accepted = 0;
  for (let start = 0; start < rollouts.length; start += rolloutsPerTransaction) {
    if (start > 0) await nextTurn();
    const slice: Slice = { projectId, itemIds, runIds, rollouts: rollouts.slice(start, start + rolloutsPerTransaction) };
    const candidates = candidatesOf(slice);
    // Prisma's SQLite adapter runs on this one connection; while it has a transaction open, writing
    // here would land inside it, so take the Prisma path then.
    const stored =
      connection && !connection.inTransaction
        ? await retryOnBusy(() => storeOnSqlite(connection, slice, candidates))
        : pool
          ? await storeOnPostgresInParts(pool, slice, candidates)
          : await retryOnBusy(() => storeThroughPrisma(db, slice, candidates));
    traceIds.push(...stored.traceIds);
    accepted += stored.accepted;
  }
  return { traceIds, accepted, duplicates: rollouts.length - accepted, runIds: rollouts.map(({ trace }) => runIds.get(trace.run ?? "") ?? null) };
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
function rowsToWrite({ projectId, itemIds, rollouts }: Slice, candidates: Candidate[], existing: Map<string, string>): SliceRows {
  const idOf = new Map(existing);
  const rows: SliceRows = { traceIds: [], accepted: 0, traceRows: [], stepRows: [], resultRows: [] };
  // A rollout sent twice in one slice is one trace: its results are written once (they are the same
  // version's answers to the same content).
  const withResults = new Set<string>();
  const createdAt = timeText(new Date());
  candidates.forEach(({ externalId, id: newId, traceRow, stepRows }, index) => {
    let id = idOf.get(externalId);
    if (id === undefined) {
      idOf.set(externalId, (id = newId));
      rows.traceRows.push(traceRow);
      for (const stepRow of stepRows) rows.stepRows.push(stepRow);
      rows.accepted += 1;
    }
    rows.traceIds.push(id);
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
  if (!lookup) lookups.set(connection, (lookup = connection.prepare(`SELECT "externalId", "id" FROM "Trace" WHERE "projectId" = ? AND "externalId" IN (SELECT value FROM json_each(?))`).raw()));
  const statement = lookup;
  return connection
    .transaction(() => {
      const existing = new Map(statement.all(slice.projectId, JSON.stringify(candidates.map(({ externalId }) => externalId))) as Array<[string, string]>);
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
async function storeOnPostgres(pool: pg.Pool, slice: Slice, candidates: Candidate[]): Promise<Pick<SliceRows, "traceIds" | "accepted">> {
  const { projectId, itemIds, rollouts } = slice;
  // The first rollout of each externalId carries its trace; the first with results carries those
  // (a rollout sent twice in one slice is one trace, with one set of results).
  const traceOf = new Map<string, Candidate>();
  const resultsOf = new Map<string, ItemResult[]>();
  candidates.forEach((candidate, index) => {
    if (!traceOf.has(candidate.externalId)) traceOf.set(candidate.externalId, candidate);
    const { results } = rollouts[index]!;
    if (results.length > 0 && !resultsOf.has(candidate.externalId)) resultsOf.set(candidate.externalId, results);
  });
  // In externalId order, so two statements sharing externalIds take their index entries in the same
  // order and one waits for the other instead of deadlocking.
  const externalIds = [...traceOf.keys()].sort();
  const createdAt = timeText(new Date());
  const resultRowsOf = (ids: string[]) => ids.flatMap((externalId) => resultRows(externalId, resultsOf.get(externalId) ?? [], itemIds, projectId, createdAt));
  const params: unknown[] = [];
  const traces = selectRows(traceColumns, externalIds.map((externalId) => traceOf.get(externalId)!.traceRow), params);
  const stepRows = externalIds.flatMap((externalId) => traceOf.get(externalId)!.stepRows);
  const steps = stepRows.length > 0 ? selectRows(stepColumns, stepRows, params) : null;
  const results = resultRowsOf(externalIds);
  const resultSelect = results.length > 0 ? selectRows(resultByExternalIdColumns, results, params) : null;
  params.push(projectId, externalIds);
  const [projectParam, externalIdsParam] = [`$${params.length - 1}::text`, `$${params.length}::text[]`];
  const found = await pool.query<{ id: string; externalId: string; isNew: boolean }>(
    [
      `WITH new_trace AS (INSERT INTO "Trace" (${quotedNames(traceColumns)}) ${traces} ON CONFLICT ("projectId", "externalId") DO NOTHING RETURNING "id", "externalId")`,
      steps && `, new_step AS (INSERT INTO "TraceStep" (${quotedNames(stepColumns)}) SELECT * FROM (${steps}) AS step WHERE step."traceId" IN (SELECT "id" FROM new_trace))`,
      `, stored AS (SELECT "id", "externalId", true AS "isNew" FROM new_trace UNION ALL SELECT "id", "externalId", false FROM "Trace" WHERE "projectId" = ${projectParam} AND "externalId" = ANY(${externalIdsParam}))`,
      resultSelect && `, new_result AS (${insertResults(resultSelect)})`,
      `SELECT "id", "externalId", "isNew" FROM stored`,
    ]
      .filter(Boolean)
      .join(" "),
    params,
  );
  const idOf = new Map(found.rows.map(({ externalId, id }) => [externalId, id]));
  const accepted = found.rows.filter(({ isNew }) => isNew).length;
  const committedMeanwhile = externalIds.filter((externalId) => !idOf.has(externalId));
  if (committedMeanwhile.length > 0) {
    const again: unknown[] = [];
    const lateResults = resultRowsOf(committedMeanwhile);
    const lateSelect = lateResults.length > 0 ? selectRows(resultByExternalIdColumns, lateResults, again) : null;
    again.push(projectId, committedMeanwhile);
    const late = await pool.query<{ id: string; externalId: string }>(
      [
        `WITH stored AS (SELECT "id", "externalId" FROM "Trace" WHERE "projectId" = $${again.length - 1}::text AND "externalId" = ANY($${again.length}::text[]))`,
        lateSelect && `, new_result AS (${insertResults(lateSelect)})`,
        `SELECT "id", "externalId" FROM stored`,
      ]
        .filter(Boolean)
        .join(" "),
      again,
    );
    for (const { externalId, id } of late.rows) idOf.set(externalId, id);
  }
  const traceIds = candidates.map(({ externalId }) => {
    const id = idOf.get(externalId);
    if (id === undefined) throw new Error(`rollout ${externalId} was neither stored nor found stored`);
    return id;
  });
  return { traceIds, accepted };
}

// Item results named by their rollout's externalId, joined to the trace ids the statement found.
const resultByExternalIdColumns: Columns = [["externalId", "text"], ...itemResultColumns.slice(1)];
const insertResults = (select: string) =>
  `INSERT INTO "ItemResult" (${quotedNames(itemResultColumns)}) SELECT stored."id", result."rubricItemId", result."projectId", result."answer", result."evidence", result."createdAt" ` +
  `FROM (${select}) AS result JOIN stored ON stored."externalId" = result."externalId" ORDER BY 1, 2 ${keepStoredResult}`;

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
async function storeOnPostgresInParts(pool: pg.Pool, slice: Slice, candidates: Candidate[]): Promise<Pick<SliceRows, "traceIds" | "accepted">> {
  if (candidates.length < rolloutsForTwoParts) return retryOnBusy(() => storeOnPostgres(pool, slice, candidates));
  const parts: number[][] = [[], []];
  candidates.forEach(({ externalId }, index) => parts[partOf(externalId)]!.push(index));
  const settled = await Promise.allSettled(
    parts.map((indexes) =>
      indexes.length === 0
        ? { traceIds: [], accepted: 0 }
        : retryOnBusy(() => storeOnPostgres(pool, { ...slice, rollouts: indexes.map((i) => slice.rollouts[i]!) }, indexes.map((i) => candidates[i]!))),
    ),
  );
  const traceIds: string[] = new Array(candidates.length);
  let accepted = 0;
  for (const [p, outcome] of settled.entries()) {
    if (outcome.status === "rejected") throw outcome.reason;
    parts[p]!.forEach((index, k) => (traceIds[index] = outcome.value.traceIds[k]!));
    accepted += outcome.value.accepted;
  }
  return { traceIds, accepted };
}

/** 0 or 1 from the externalId's characters (its FNV-1a hash's low bit). */
const partOf = (externalId: string): number => deriveSeed(externalId) & 1;

// SQLite inside an open Prisma transaction: the same lookup and multi-row INSERTs through Prisma, in one transaction.
async function storeThroughPrisma(db: Db, slice: Slice, candidates: Candidate[]): Promise<SliceRows> {
  const provider = providerOfDb(db);
  const externalIds = [...new Set(candidates.map(({ externalId }) => externalId))];
  return db.$transaction(
    async (tx) => {
      const existing = new Map<string, string>();
      for (let start = 0; start < externalIds.length; start += lookupChunk) {
        const found = await tx.trace.findMany({ where: { projectId: slice.projectId, externalId: { in: externalIds.slice(start, start + lookupChunk) } }, select: { id: true, externalId: true } });
        for (const { id, externalId } of found) existing.set(externalId, id);
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

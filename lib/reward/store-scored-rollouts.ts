import { setImmediate as nextTurn } from "node:timers/promises";
import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type pg from "pg";
import { findPgPool, findSqliteConnection, providerOfDb, type Db } from "../db/client";
import { inPgTransaction } from "../db/in-pg-transaction";
import { insertRowsOnPostgres } from "../db/insert-rows-on-postgres";
import { insertRowsOnSqlite, insertStatements, timeText, type Columns, type Value } from "../db/insert-rows";
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
 * transaction: one lookup of the externalIds already stored, then multi-row INSERTs. Ids are
 * time-ordered, so the rows append to their indexes.
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
    return { externalId, id, traceRow, stepRows: trace.steps.map((step, index) => toStepRow(id, index, step, timeOrderedId())) };
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
    for (const result of results) {
      const rubricItemId = itemIds.get(result.key);
      if (rubricItemId) rows.resultRows.push([id, rubricItemId, projectId, result.answer, result.evidence || null, createdAt]);
    }
  });
  return rows;
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

// On one connection of the pool Prisma's adapter uses: the lookup and one unnest INSERT per table, in one transaction.
async function storeOnPostgres(pool: pg.Pool, slice: Slice, candidates: Candidate[]): Promise<SliceRows> {
  return inPgTransaction(pool, async (client) => {
    const found = await client.query<{ externalId: string; id: string }>(`SELECT "externalId", "id" FROM "Trace" WHERE "projectId" = $1 AND "externalId" = ANY($2::text[])`, [
      slice.projectId,
      [...new Set(candidates.map(({ externalId }) => externalId))],
    ]);
    const rows = rowsToWrite(slice, candidates, new Map(found.rows.map(({ externalId, id }) => [externalId, id])));
    await insertRowsOnPostgres(client, "Trace", traceColumns, rows.traceRows);
    await insertRowsOnPostgres(client, "TraceStep", stepColumns, rows.stepRows);
    await insertRowsOnPostgres(client, "ItemResult", itemResultColumns, rows.resultRows, keepStoredResult);
    return rows;
  });
}

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

import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { findSqliteConnection, providerOfDb, type Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { insertRowsOnSqlite, insertStatements, timeText, type Columns, type Value } from "../db/insert-rows";
import type { Actor } from "../audit/record-audit-event";
import { hashTrace } from "../traces/hash-trace";
import { registerRun } from "../runs/register-run";
import type { ItemResult } from "../checks/rubric-item-schema";
import type { Trace } from "../traces/trace-schema";
import { storeTraces } from "../traces/store-traces";

/** `externalId` defaults to the trace's content hash; a rollout that could not be scored has its own prefix. */
export type ScoredRollout = { trace: Trace; results: ItemResult[]; externalId?: string };
export type StoredRollouts = { traceIds: string[]; accepted: number; duplicates: number; runIds: Array<string | null> };

const itemResultColumns: Columns = [["id", "text"], ["projectId", "text"], ["rubricItemId", "text"], ["traceId", "text"], ["answer", "text"], ["evidence", "text"], ["createdAt", "time"]];
// Prisma refuses `in` lists past SQLite's parameter limit (P2029), so lookups and storeTraces go in slices.
const lookupChunk = 500;
const itemResultChunk = 5_000;

/**
 * Stores scored rollouts as traces (idempotent on their content hash: a resent rollout is the
 * same trace) and their item results, in bulk. Results a trace already has for an item are kept.
 */
export async function storeScoredRollouts(
  db: Db,
  { projectId, itemIds, rollouts }: { projectId: string; itemIds: Map<string, string>; rollouts: ScoredRollout[] },
): Promise<StoredRollouts> {
  if (rollouts.length === 0) return { traceIds: [], accepted: 0, duplicates: 0, runIds: [] };
  const externalIds = rollouts.map(({ trace, externalId }) => externalId ?? `rollout:${hashTrace(trace)}`);
  const runIds = await resolveRunIds(db, projectId, rollouts);
  let accepted = 0;
  const idByExternal = new Map<string, string>();
  for (const [runKey, indexes] of groupBy(rollouts.map((_, index) => index), (index) => runIds.get(rollouts[index]!.trace.run ?? "") ?? "")) {
    for (const slice of chunks(indexes, lookupChunk)) {
      const stored = await storeTraces(db, { projectId, runId: runKey || undefined, traces: slice.map((i) => ({ trace: rollouts[i]!.trace, externalId: externalIds[i]! })) });
      accepted += stored.accepted;
      for (const [externalId, id] of stored.storedIds) idByExternal.set(externalId, id);
      // On SQLite a slice is written synchronously: let other requests run between slices.
      await nextTurn();
    }
  }
  const duplicateExternal = [...new Set(externalIds)].filter((externalId) => !idByExternal.has(externalId));
  const known = new Set<string>();
  for (const slice of chunks(duplicateExternal, lookupChunk)) {
    const rows = await db.trace.findMany({ where: { projectId, externalId: { in: slice } }, select: { id: true, externalId: true } });
    for (const row of rows) idByExternal.set(row.externalId, row.id);
    const existing = await db.itemResult.findMany({
      where: { traceId: { in: rows.map((row) => row.id) }, rubricItemId: { in: [...itemIds.values()] } },
      select: { traceId: true, rubricItemId: true },
    });
    for (const row of existing) known.add(`${row.rubricItemId} ${row.traceId}`);
  }
  const traceIds = externalIds.map((externalId) => idByExternal.get(externalId)!);
  const createdAt = timeText(new Date());
  const rows = rollouts.flatMap(({ results }, index) =>
    results.flatMap((result) => {
      const rubricItemId = itemIds.get(result.key);
      const traceId = traceIds[index]!;
      const pair = `${rubricItemId} ${traceId}`;
      if (!rubricItemId || known.has(pair)) return [];
      known.add(pair);
      return [[randomUUID(), projectId, rubricItemId, traceId, result.answer, result.evidence || null, createdAt] satisfies Value[]];
    }),
  );
  await insertItemResults(db, rows);
  return { traceIds, accepted, duplicates: rollouts.length - accepted, runIds: rollouts.map(({ trace }) => runIds.get(trace.run ?? "") ?? null) };
}

// Ten items a rollout make ten rows each: bulk INSERTs, as for the traces themselves.
// Written in slices with a turn of the event loop between them, as the traces are; a resend skips the pairs already stored.
async function insertItemResults(db: Db, rows: Value[][]) {
  if (rows.length === 0) return;
  const connection = await findSqliteConnection(db);
  for (const slice of chunks(rows, itemResultChunk)) {
    await retryOnBusy(async () => {
      if (connection && !connection.inTransaction) connection.transaction(() => insertRowsOnSqlite(connection, "ItemResult", itemResultColumns, slice)).immediate();
      else await db.$transaction(insertStatements(db, providerOfDb(db), "ItemResult", itemResultColumns, slice));
    });
    await nextTurn();
  }
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

function chunks<T>(values: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += size) out.push(values.slice(start, start + size));
  return out;
}

function groupBy<T>(values: T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return groups;
}

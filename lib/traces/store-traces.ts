import { randomUUID } from "node:crypto";
import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type pg from "pg";
import { insertRowsOnSqlite, insertStatements, timeText, type Value } from "../db/insert-rows";
import { insertRowsOnPostgres } from "../db/insert-rows-on-postgres";
import { inPgTransaction } from "../db/in-pg-transaction";
import { findPgPool, findIdleSqliteConnection, providerOfDb, type Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { placeTraceRow, stepColumns, toStepRow, toTraceRow, traceColumns, type TraceRows } from "./trace-rows";
import type { Trace } from "./trace-schema";

export { stepColumns, toStepRow, toTraceRow, traceColumns } from "./trace-rows";

/** A trace to store: the validated trace, or the rows made from it ahead of the write (toTraceRows). */
export type TraceToStore = { externalId: string } & ({ trace: Trace; rows?: undefined } | { rows: TraceRows; trace?: undefined });
export type StoreResult = { accepted: number; duplicates: number; storedIds: Map<string, string> };

// externalIds per duplicate lookup.
const lookupChunk = 5_000;

/**
 * Stores a batch of already-valid traces in one transaction, each with its steps; a trace whose
 * externalId the project already has is counted as a duplicate and left as it is. `storedIds` maps
 * each new externalId to its row id. A failure stores nothing of the batch.
 *
 * A busy database is waited out (retryOnBusy); past its budget, DatabaseBusyError.
 *
 * Rows go in as multi-row INSERTs with bound parameters (ids made here, so steps need no
 * round trip): per-row ORM work was most of an import's time.
 */
export async function storeTraces(db: Db, input: { projectId: string; runId?: string; traces: TraceToStore[] }): Promise<StoreResult> {
  // The batch is one transaction, so a busy database leaves nothing behind and the whole batch is tried again.
  return retryOnBusy(() => storeTracesOnce(db, input));
}

async function storeTracesOnce(db: Db, { projectId, runId, traces }: { projectId: string; runId?: string; traces: TraceToStore[] }): Promise<StoreResult> {
  const unique = new Map<string, TraceToStore>();
  for (const item of traces) if (!unique.has(item.externalId)) unique.set(item.externalId, item);
  const connection = await findIdleSqliteConnection(db);
  if (connection) return storeOnSqlite(connection, { projectId, runId, unique, received: traces.length });
  const pool = findPgPool(db);
  if (pool) return inPgTransaction(pool, (client) => storeOnPostgres(client, { projectId, runId, unique, received: traces.length }));

  const externalIds = [...unique.keys()];
  for (let start = 0; start < externalIds.length; start += lookupChunk) {
    const existing = await db.trace.findMany({ where: { projectId, externalId: { in: externalIds.slice(start, start + lookupChunk) } }, select: { externalId: true } });
    for (const { externalId } of existing) unique.delete(externalId);
  }
  const { storedIds, traceRows, stepRows } = toRows({ projectId, runId, unique });
  if (traceRows.length > 0) {
    const provider = providerOfDb(db);
    await db.$transaction([...insertStatements(db, provider, "Trace", traceColumns, traceRows), ...insertStatements(db, provider, "TraceStep", stepColumns, stepRows)]);
  }
  return { accepted: storedIds.size, duplicates: traces.length - storedIds.size, storedIds };
}

function toRows({ projectId, runId, unique }: { projectId: string; runId?: string; unique: Map<string, TraceToStore> }) {
  const createdAt = new Date();
  const createdAtText = timeText(createdAt);
  const storedIds = new Map<string, string>();
  const traceRows: Value[][] = [];
  const stepRows: Value[][] = [];
  for (const [externalId, { trace, rows }] of unique) {
    if (rows) {
      storedIds.set(externalId, rows.trace[0] as string);
      traceRows.push(placeTraceRow(rows.trace, { projectId, runId, createdAt: createdAtText }));
      for (const step of rows.steps) stepRows.push(step);
      continue;
    }
    const id = randomUUID();
    storedIds.set(externalId, id);
    traceRows.push(toTraceRow({ id, projectId, runId, externalId, trace, createdAt }));
    trace.steps.forEach((step, index) => stepRows.push(toStepRow(id, index, step)));
  }
  return { storedIds, traceRows, stepRows };
}

const existingStatements = new WeakMap<SqliteConnection, Statement>();

// Prepared once per connection; the lookup, the rows and the commit run synchronously, so nothing
// else in this process can touch the connection in between. BEGIN IMMEDIATE takes the write lock
// before the lookup reads: a deferred transaction that read first fails at once with SQLITE_BUSY
// when it tries to write after another process has, where an immediate one waits its turn.
function storeOnSqlite(connection: SqliteConnection, { projectId, runId, unique, received }: { projectId: string; runId?: string; unique: Map<string, TraceToStore>; received: number }): StoreResult {
  let existing = existingStatements.get(connection);
  if (!existing) {
    existing = connection.prepare(`SELECT "externalId" FROM "Trace" WHERE "projectId" = ? AND "externalId" IN (SELECT value FROM json_each(?))`).pluck();
    existingStatements.set(connection, existing);
  }
  return connection.transaction(() => {
    for (const externalId of existing.all(projectId, JSON.stringify([...unique.keys()])) as string[]) unique.delete(externalId);
    const { storedIds, traceRows, stepRows } = toRows({ projectId, runId, unique });
    insertRowsOnSqlite(connection, "Trace", traceColumns, traceRows);
    insertRowsOnSqlite(connection, "TraceStep", stepColumns, stepRows);
    return { accepted: storedIds.size, duplicates: received - storedIds.size, storedIds };
  }).immediate();
}

// One lookup and one INSERT ... SELECT FROM unnest per table, on one pooled client in one
// transaction: Prisma's query compiler spent more on a batch's raw multi-row INSERTs than PostgreSQL did.
async function storeOnPostgres(client: pg.PoolClient, { projectId, runId, unique, received }: { projectId: string; runId?: string; unique: Map<string, TraceToStore>; received: number }): Promise<StoreResult> {
  const existing = await client.query<{ externalId: string }>(`SELECT "externalId" FROM "Trace" WHERE "projectId" = $1 AND "externalId" = ANY($2::text[])`, [projectId, [...unique.keys()]]);
  for (const { externalId } of existing.rows) unique.delete(externalId);
  const { storedIds, traceRows, stepRows } = toRows({ projectId, runId, unique });
  await insertRowsOnPostgres(client, "Trace", traceColumns, traceRows);
  await insertRowsOnPostgres(client, "TraceStep", stepColumns, stepRows);
  return { accepted: storedIds.size, duplicates: received - storedIds.size, storedIds };
}

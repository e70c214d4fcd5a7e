import { randomUUID } from "node:crypto";
import { hashTrace } from "./hash-trace";
import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import { insertRowsOnSqlite, insertStatements, jsonText, timeText, type Columns, type Value } from "../db/insert-rows";
import { findSqliteConnection, providerOfDb, type Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import type { Step, Trace } from "./trace-schema";

export type TraceToStore = { trace: Trace; externalId: string };
export type StoreResult = { accepted: number; duplicates: number; storedIds: Map<string, string> };


// Column order is the order of each row's values below.
export const traceColumns: Columns = [
  ["id", "text"], ["projectId", "text"], ["externalId", "text"], ["contentHash", "text"], ["source", "text"], ["environment", "text"], ["task", "text"],
  ["runName", "text"], ["runId", "text"], ["step", "int"], ["input", "text"], ["output", "text"], ["reward", "float"], ["success", "bool"],
  ["scores", "json"], ["endState", "json"], ["metadata", "json"], ["stepCount", "int"], ["totalTokens", "int"], ["startedAt", "time"], ["createdAt", "time"],
];
export const stepColumns: Columns = [
  ["id", "text"], ["traceId", "text"], ["index", "int"], ["type", "text"], ["role", "text"], ["content", "text"], ["reasoning", "text"], ["toolName", "text"],
  ["toolCallId", "text"], ["arguments", "json"], ["result", "json"], ["error", "text"], ["tokensIn", "int"], ["tokensOut", "int"], ["latencyMs", "float"],
  ["startedAt", "time"], ["metadata", "json"],
];

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
  const unique = new Map<string, Trace>();
  for (const { trace, externalId } of traces) if (!unique.has(externalId)) unique.set(externalId, trace);
  const connection = await findSqliteConnection(db);
  // Prisma's SQLite adapter runs on this one connection; while it has a transaction open, writing
  // here would land inside it, so take the Prisma path then.
  if (connection && !connection.inTransaction) return storeOnSqlite(connection, { projectId, runId, unique, received: traces.length });

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

function toRows({ projectId, runId, unique }: { projectId: string; runId?: string; unique: Map<string, Trace> }) {
  const createdAt = new Date();
  const storedIds = new Map<string, string>();
  const traceRows: Value[][] = [];
  const stepRows: Value[][] = [];
  for (const [externalId, trace] of unique) {
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
function storeOnSqlite(connection: SqliteConnection, { projectId, runId, unique, received }: { projectId: string; runId?: string; unique: Map<string, Trace>; received: number }): StoreResult {
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

const dateText = (value: string | null | undefined) => (value ? timeText(new Date(value)) : null);

/**
 * The reward rounded to 15 significant digits. Prisma's query layer sends a Float parameter with
 * 16 (1/7 arrives as 0.1428571428571428), so a 17-digit value stored exactly would never equal
 * itself in a `reward = ?` filter, and the keyset cursor of the reward sort would repeat rows;
 * 15 digits survive that trip unchanged.
 */
function toSortableFloat(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(15));
}

/** `contentHash` is hashTrace(trace), when the caller has it already. */
export function toTraceRow({
  id,
  projectId,
  runId,
  externalId,
  trace,
  createdAt,
  contentHash,
}: {
  id: string;
  projectId: string;
  runId?: string;
  externalId: string;
  trace: Trace;
  createdAt: Date;
  contentHash?: string;
}): Value[] {
  const totalTokens = trace.steps.reduce((sum, step) => sum + (step.tokensIn ?? 0) + (step.tokensOut ?? 0), 0);
  return [
    id,
    projectId,
    externalId,
    contentHash ?? hashTrace(trace),
    trace.source,
    trace.environment ?? null,
    trace.task ?? null,
    trace.run ?? null,
    runId ?? null,
    trace.step ?? null,
    trace.input ?? null,
    trace.output ?? null,
    toSortableFloat(trace.outcome?.reward),
    trace.outcome?.success ?? null,
    jsonText(trace.outcome?.scores),
    jsonText(trace.endState),
    jsonText(trace.metadata),
    trace.steps.length,
    totalTokens,
    dateText(trace.startedAt),
    timeText(createdAt),
  ];
}

export function toStepRow(traceId: string, index: number, step: Step, id: string = randomUUID()): Value[] {
  return [
    id,
    traceId,
    index,
    step.type,
    step.role,
    step.content ?? null,
    step.reasoning ?? null,
    step.name ?? null,
    step.toolCallId ?? null,
    jsonText(step.arguments),
    jsonText(step.result),
    step.error ?? null,
    step.tokensIn ?? null,
    step.tokensOut ?? null,
    step.latencyMs ?? null,
    dateText(step.startedAt),
    jsonText(step.metadata),
  ];
}

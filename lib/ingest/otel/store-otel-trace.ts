import { setImmediate as nextTurn } from "node:timers/promises";
import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type pg from "pg";
import { canonicalJson } from "../../traces/hash-trace";
import { finalizeTrace } from "../finalize-trace";
import { mapOtelTrace, noStepsError } from "../formats/otel";
import { readOtlpSpans } from "../formats/otel-spans";
import type { JsonObject } from "../../json/json-value";
import { findPgPool, findIdleSqliteConnection, providerOfDb, type Db } from "../../db/client";
import { insertRowsOnSqlite, jsonText, quotedNames, timeText, type Columns, type Value } from "../../db/insert-rows";
import { selectRows } from "../../db/insert-rows-on-postgres";
import { retryOnIdleSqlite } from "../../db/retry-on-idle-sqlite";
import { timeOrderedId } from "../../db/time-ordered-id";
import { replaceTrace } from "../../traces/replace-trace";
import { readOtlpLogs } from "./read-otlp-logs";

/** A span or log event as it arrived (OTLP/JSON with its resource and scope), keyed within its trace. */
export type OtelRecordInput = { kind: "span" | "log"; recordKey: string; data: JsonObject };
export type StoreOtelTraceResult = { stored: number; duplicates: number; rejected: string | null };

/**
 * Keeps the spans and log events of one trace that are new (same span id, same log record: kept
 * once), without reading the trace's earlier records: the trace is rebuilt from all of them later,
 * once per burst (rebuild-otel-trace-job.ts). The first records of a trace that read as no steps
 * are refused, and nothing of them is kept; later ones may complete a trace whose start did.
 */
export async function storeOtelRecords(db: Db, { projectId, traceId, records }: { projectId: string; traceId: string; records: OtelRecordInput[] }): Promise<StoreOtelTraceResult> {
  const keys = [...new Set(records.map((record) => record.recordKey))];
  const [known, hasEarlier] = await Promise.all([
    db.otelRecord.findMany({ where: { projectId, traceId, recordKey: { in: keys } }, select: { recordKey: true } }),
    db.otelRecord.findFirst({ where: { projectId, traceId }, select: { id: true } }),
  ]);
  const knownKeys = new Set(known.map((record) => record.recordKey));
  const fresh = new Map<string, OtelRecordInput>();
  for (const record of records) if (!knownKeys.has(record.recordKey) && !fresh.has(record.recordKey)) fresh.set(record.recordKey, record);
  if (fresh.size === 0) return { stored: 0, duplicates: records.length, rejected: null };

  if (!hasEarlier) {
    const rejected = whyNotATrace(traceId, [...fresh.values()]);
    if (rejected) return { stored: 0, duplicates: 0, rejected };
  }
  const rows = [...fresh.values()].map((record) => ({ projectId, traceId, recordKey: record.recordKey, kind: record.kind, data: record.data as object }));
  const stored = await db.otelRecord.createMany({ data: rows }).then(
    (created) => created.count,
    // Another export of this trace stored some of them meanwhile: keep the rest, one by one.
    async () => (await Promise.all(rows.map((data) => db.otelRecord.create({ data }).then(() => 1, () => 0)))).reduce((sum: number, n) => sum + n, 0),
  );
  return { stored, duplicates: records.length - stored, rejected: null };
}

const recordColumns: Columns = [["id", "text"], ["projectId", "text"], ["traceId", "text"], ["recordKey", "text"], ["kind", "text"], ["data", "json"], ["createdAt", "time"]];
// A record another export of the trace stored meanwhile is kept as it is, and counted as a duplicate.
const keepStoredRecord = `ON CONFLICT ("projectId", "traceId", "recordKey") DO NOTHING`;
// Records a transaction writes at most: a full export is several, with a turn of the event loop
// between them, so no request waits on one long synchronous write (SQLite) or its lock.
const recordsPerTransaction = 1_000;
/** Whether each new trace's records make a trace (null) or why not; traces that have records already are not in it. */
type NewTraces = Map<string, string | null>;
const pairKey = (traceId: string, recordKey: string) => `${traceId} ${recordKey}`;
/** Each (trace, record key) of the slice once. */
function pairsOf(slice: Map<string, OtelRecordInput[]>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [traceId, records] of slice) for (const recordKey of new Set(records.map((record) => record.recordKey))) pairs.push([traceId, recordKey]);
  return pairs;
}

/**
 * storeOtelRecords for every trace of an export at once, with the same answer per trace. A slice of
 * traces at a time: which of them have no records yet is read first, and whether each such trace's
 * records make a trace is worked out outside any transaction; then one transaction reads which of the
 * slice's (trace, record key) pairs are kept and writes the rest in one multi-row insert (raw SQL on
 * the connection, as the trace import writes). Without such a connection, trace by trace through
 * storeOtelRecords. A trace that gets its first records from another export between the two reads is
 * checked as new, as storeOtelRecords would check it.
 */
export async function storeOtelRecordsOfTraces(db: Db, { projectId, byTrace }: { projectId: string; byTrace: Map<string, OtelRecordInput[]> }): Promise<Map<string, StoreOtelTraceResult>> {
  const connection = await findIdleSqliteConnection(db);
  const pool = findPgPool(db);
  const results = new Map<string, StoreOtelTraceResult>();
  if (!connection && !pool) {
    for (const [traceId, records] of byTrace) results.set(traceId, await storeOtelRecords(db, { projectId, traceId, records }));
    return results;
  }
  for (const slice of slicesOf(byTrace)) {
    if (results.size > 0) await nextTurn();
    const kept = connection ? tracesWithRecordsOnSqlite(connection, projectId, slice) : await tracesWithRecordsOnPostgres(pool!, projectId, slice);
    const newTraces = await checkNewTraces(slice, kept);
    const stored = connection ? await retryOnIdleSqlite(connection, (sqlite) => storeOnSqlite(sqlite, projectId, slice, newTraces)) : await storeOnPostgres(pool!, projectId, slice, newTraces);
    for (const [traceId, result] of stored) results.set(traceId, result);
  }
  return results;
}

function slicesOf(byTrace: Map<string, OtelRecordInput[]>): Map<string, OtelRecordInput[]>[] {
  const slices: Map<string, OtelRecordInput[]>[] = [];
  let slice = new Map<string, OtelRecordInput[]>();
  let records = 0;
  for (const [traceId, own] of byTrace) {
    if (slice.size > 0 && records + own.length > recordsPerTransaction) {
      slices.push(slice);
      slice = new Map();
      records = 0;
    }
    slice.set(traceId, own);
    records += own.length;
  }
  if (slice.size > 0) slices.push(slice);
  return slices;
}

/** whyNotATrace for each trace of the slice that has no records kept, with a turn of the event loop now and then. */
async function checkNewTraces(slice: Map<string, OtelRecordInput[]>, kept: Set<string>): Promise<NewTraces> {
  const newTraces: NewTraces = new Map();
  let yieldedAt = performance.now();
  for (const [traceId, records] of slice) {
    if (kept.has(traceId)) continue;
    if (performance.now() - yieldedAt > 15) {
      await nextTurn();
      yieldedAt = performance.now();
    }
    const first = new Map<string, OtelRecordInput>();
    for (const record of records) if (!first.has(record.recordKey)) first.set(record.recordKey, record);
    newTraces.set(traceId, whyNotATrace(traceId, [...first.values()]));
  }
  return newTraces;
}

/** The rows to write, and the results of the traces with nothing to write, given the (trace, record key) pairs kept. */
function recordsToWrite(projectId: string, slice: Map<string, OtelRecordInput[]>, keptPairs: Set<string>, newTraces: NewTraces) {
  const results = new Map<string, StoreOtelTraceResult>();
  const rows: Value[][] = [];
  const createdAt = timeText(new Date());
  for (const [traceId, records] of slice) {
    const own = new Map<string, OtelRecordInput>();
    for (const record of records) if (!keptPairs.has(pairKey(traceId, record.recordKey)) && !own.has(record.recordKey)) own.set(record.recordKey, record);
    const rejected = newTraces.get(traceId) ?? null;
    if (own.size === 0) results.set(traceId, { stored: 0, duplicates: records.length, rejected: null });
    else if (rejected) results.set(traceId, { stored: 0, duplicates: 0, rejected });
    else for (const record of own.values()) rows.push([timeOrderedId(), projectId, traceId, record.recordKey, record.kind, jsonText(record.data), createdAt]);
  }
  return { results, rows };
}

/** The results of the traces that had rows to write, from how many of each went in (the rest were kept already). */
function countInserted(slice: Map<string, OtelRecordInput[]>, results: Map<string, StoreOtelTraceResult>, insertedTraceIds: string[]) {
  const inserted = new Map<string, number>();
  for (const traceId of insertedTraceIds) inserted.set(traceId, (inserted.get(traceId) ?? 0) + 1);
  for (const [traceId, records] of slice) {
    if (results.has(traceId)) continue;
    const stored = inserted.get(traceId) ?? 0;
    results.set(traceId, { stored, duplicates: records.length - stored, rejected: null });
  }
  return results;
}

const sqliteLookups = new WeakMap<SqliteConnection, { traces: Statement; pairs: Statement }>();

function sqliteLookupsOf(connection: SqliteConnection) {
  let lookups = sqliteLookups.get(connection);
  if (!lookups) {
    lookups = {
      // Whether each trace has any record: one probe of the index a trace, not a read of its records.
      traces: connection.prepare(`SELECT trace.value FROM json_each(?) AS trace WHERE EXISTS (SELECT 1 FROM "OtelRecord" WHERE "projectId" = ? AND "traceId" = trace.value)`).pluck(),
      // One probe of the unique index per (trace, key) pair the export holds: CROSS JOIN keeps the
      // pairs as the outer loop (with a plain JOIN SQLite scans the project's records for each pair).
      pairs: connection
        .prepare(`SELECT r."traceId", r."recordKey" FROM json_each(?) AS pair CROSS JOIN "OtelRecord" AS r ON r."projectId" = ? AND r."traceId" = json_extract(pair.value, '$[0]') AND r."recordKey" = json_extract(pair.value, '$[1]')`)
        .raw(),
    };
    sqliteLookups.set(connection, lookups);
  }
  return lookups;
}

function tracesWithRecordsOnSqlite(connection: SqliteConnection, projectId: string, slice: Map<string, OtelRecordInput[]>): Set<string> {
  return new Set(sqliteLookupsOf(connection).traces.all(JSON.stringify([...slice.keys()]), projectId) as string[]);
}

// BEGIN IMMEDIATE: the write lock before the read, so no other process stores records between it and
// the insert (see lib/traces/store-traces.ts), and every row counted as new goes in.
function storeOnSqlite(connection: SqliteConnection, projectId: string, slice: Map<string, OtelRecordInput[]>, newTraces: NewTraces) {
  const { pairs } = sqliteLookupsOf(connection);
  return connection
    .transaction(() => {
      const kept = pairs.all(JSON.stringify(pairsOf(slice)), projectId) as Array<[string, string]>;
      const { results, rows } = recordsToWrite(projectId, slice, new Set(kept.map(([traceId, recordKey]) => pairKey(traceId, recordKey))), newTraces);
      insertRowsOnSqlite(connection, "OtelRecord", recordColumns, rows, keepStoredRecord);
      return countInserted(slice, results, rows.map((row) => row[2] as string));
    })
    .immediate();
}

async function tracesWithRecordsOnPostgres(pool: pg.Pool, projectId: string, slice: Map<string, OtelRecordInput[]>): Promise<Set<string>> {
  const { rows } = await pool.query<{ traceId: string }>(`SELECT t AS "traceId" FROM unnest($2::text[]) AS t WHERE EXISTS (SELECT 1 FROM "OtelRecord" WHERE "projectId" = $1 AND "traceId" = t)`, [projectId, [...slice.keys()]]);
  return new Set(rows.map((row) => row.traceId));
}

// Another export of one of these traces may commit between the read and the insert: its records are
// kept (ON CONFLICT), and RETURNING counts only the rows this insert added.
async function storeOnPostgres(pool: pg.Pool, projectId: string, slice: Map<string, OtelRecordInput[]>, newTraces: NewTraces) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const pairs = pairsOf(slice);
    const kept = await client.query<{ traceId: string; recordKey: string }>(
      `SELECT r."traceId", r."recordKey" FROM unnest($2::text[], $3::text[]) AS pair ("traceId", "recordKey") JOIN "OtelRecord" AS r ON r."projectId" = $1 AND r."traceId" = pair."traceId" AND r."recordKey" = pair."recordKey"`,
      [projectId, pairs.map(([traceId]) => traceId), pairs.map(([, recordKey]) => recordKey)],
    );
    const { results, rows } = recordsToWrite(projectId, slice, new Set(kept.rows.map((row) => pairKey(row.traceId, row.recordKey))), newTraces);
    const params: unknown[] = [];
    const added = rows.length === 0 ? [] : (await client.query<{ traceId: string }>(`INSERT INTO "OtelRecord" (${quotedNames(recordColumns)}) ${selectRows(recordColumns, rows, params)} ${keepStoredRecord} RETURNING "traceId"`, params)).rows;
    await client.query("COMMIT");
    return countInserted(slice, results, added.map(({ traceId }) => traceId));
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export type RebuiltOtelTrace = { traceId: string; records: number; steps: number; rejected: string | null };

/**
 * Rebuilds one trace from every record kept for it, in one transaction: its fields and steps are
 * replaced (the row keeps its id, run and everything attached). Records that read as no steps
 * (yet) leave the trace as it was, with the reason.
 */
export async function rebuildOtelTrace(db: Db, { projectId, traceId }: { projectId: string; traceId: string }): Promise<RebuiltOtelTrace> {
  const provider = providerOfDb(db);
  return db.$transaction(
    async (tx) => {
      // Two rebuilds of one trace at once would each write what they read; the later one must read after the earlier one's write.
      if (provider === "postgresql") await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`otel:${projectId}:${traceId}`}, 0))`;
      const kept = (await tx.otelRecord.findMany({ where: { projectId, traceId }, select: { kind: true, data: true, createdAt: true } })).sort(byArrival);
      const all = kept.map((record) => ({ kind: record.kind, data: record.data as JsonObject }));
      const mapped = buildOtelTrace(traceId, all);
      const spans = all.filter((record) => record.kind === "span").length;
      if (!mapped.steps?.length) return { traceId, records: all.length, steps: 0, rejected: noStepsError(traceId, spans) };
      const finalized = finalizeTrace(mapped, `otel:${traceId}`);
      if (!finalized.ok) return { traceId, records: all.length, steps: 0, rejected: `trace ${traceId}: ${finalized.error}` };
      await replaceTrace(tx, provider, { projectId, externalId: finalized.externalId, trace: finalized.trace });
      return { traceId, records: all.length, steps: finalized.trace.steps.length, rejected: null };
    },
    // Other writers may hold the write lock (SQLite) for a moment; wait rather than fail.
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** Why records that are all a trace has so far cannot be stored as one, or null when they can. */
function whyNotATrace(traceId: string, records: OtelRecordInput[]): string | null {
  const mapped = buildOtelTrace(traceId, records);
  if (!mapped.steps?.length) return noStepsError(traceId, records.filter((record) => record.kind === "span").length);
  const finalized = finalizeTrace(mapped, `otel:${traceId}`);
  return finalized.ok ? null : `trace ${traceId}: ${finalized.error}`;
}

/** Records in the order they were sent: by export, then by place in the export. */
function byArrival(a: { createdAt: Date; data: unknown }, b: { createdAt: Date; data: unknown }): number {
  const seq = (record: { data: unknown }) => Number((record.data as JsonObject).seq ?? 0);
  return a.createdAt.getTime() - b.createdAt.getTime() || seq(a) - seq(b);
}

/** The trace from kept records: they are put back into OTLP requests and read like any export. */
function buildOtelTrace(traceId: string, records: { kind: string; data: JsonObject }[]) {
  const resourceSpans = group(records.filter((record) => record.kind === "span"), "span").map(({ resource, scope, items }) => ({ resource, scopeSpans: [{ ...(scope ? { scope } : {}), spans: items }] }));
  const resourceLogs = group(records.filter((record) => record.kind === "log"), "logRecord").map(({ resource, scope, items }) => ({ resource, scopeLogs: [{ ...(scope ? { scope } : {}), logRecords: items }] }));
  const spans = readOtlpSpans({ resourceSpans });
  const logs = readOtlpLogs({ resourceLogs });
  return mapOtelTrace({ traceId, spans: spans.ok ? spans.spans : [], resources: spans.ok ? spans.resources : [], logs: logs.ok ? logs.events : [] });
}

/** Records under one resource and scope go together, so the trace's metadata lists each resource once. */
function group(records: { data: JsonObject }[], itemKey: "span" | "logRecord") {
  const groups = new Map<string, { resource: unknown; scope: unknown; items: unknown[] }>();
  for (const { data } of records) {
    const key = canonicalJson({ resource: data.resource ?? null, scope: data.scope ?? null });
    const entry = groups.get(key) ?? { resource: data.resource ?? {}, scope: data.scope ?? null, items: [] };
    entry.items.push(data[itemKey]);
    groups.set(key, entry);
  }
  return [...groups.values()];
}

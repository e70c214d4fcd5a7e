import { canonicalJson } from "../../traces/hash-trace";
import { finalizeTrace } from "../finalize-trace";
import { mapOtelTrace, noStepsError } from "../formats/otel";
import { readOtlpSpans } from "../formats/otel-spans";
import type { JsonObject } from "../../json/json-value";
import { providerOfDb, type Db } from "../../db/client";
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

import { canonicalJson } from "../hash-trace";
import { finalizeTrace } from "../finalize-trace";
import { mapOtelTrace, noStepsError } from "../formats/otel";
import { readOtlpSpans } from "../formats/otel-spans";
import type { JsonObject } from "../messages/json-value";
import { providerOfDb, type Db } from "../../db/client";
import { replaceTrace } from "../../traces/replace-trace";
import { readOtlpLogs } from "./read-otlp-logs";

/** A span or log event as it arrived (OTLP/JSON with its resource and scope), keyed within its trace. */
export type OtelRecordInput = { kind: "span" | "log"; recordKey: string; data: JsonObject };
export type StoreOtelTraceResult = { stored: number; duplicates: number; rejected: string | null };

/**
 * Adds spans and log events to one trace and rebuilds it from everything received so far, in one
 * transaction: records already kept (same span id, same log record) change nothing; when anything
 * is new, the trace's fields and steps are replaced. A trace that reads as no steps is refused,
 * and nothing of it is kept.
 */
export async function storeOtelTrace(db: Db, { projectId, traceId, records }: { projectId: string; traceId: string; records: OtelRecordInput[] }): Promise<StoreOtelTraceResult> {
  const provider = providerOfDb(db);
  return db.$transaction(
    async (tx) => {
      // Two exports of one trace at once would each rebuild it without the other's spans.
      if (provider === "postgresql") await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`otel:${projectId}:${traceId}`}, 0))`;
      const kept = (await tx.otelRecord.findMany({ where: { projectId, traceId }, select: { kind: true, recordKey: true, data: true, createdAt: true } })).sort(byArrival);
      const known = new Set(kept.map((record) => record.recordKey));
      const fresh = new Map<string, OtelRecordInput>();
      for (const record of records) if (!known.has(record.recordKey) && !fresh.has(record.recordKey)) fresh.set(record.recordKey, record);
      if (fresh.size === 0) return { stored: 0, duplicates: records.length, rejected: null };

      const all = [...kept.map((record) => ({ kind: record.kind, data: record.data as JsonObject })), ...fresh.values()];
      const mapped = buildOtelTrace(traceId, all);
      if (!mapped.steps?.length) return { stored: 0, duplicates: 0, rejected: noStepsError(traceId, all.filter((record) => record.kind === "span").length) };
      const finalized = finalizeTrace(mapped, `otel:${traceId}`);
      if (!finalized.ok) return { stored: 0, duplicates: 0, rejected: `trace ${traceId}: ${finalized.error}` };

      await tx.otelRecord.createMany({ data: [...fresh.values()].map((record) => ({ projectId, traceId, recordKey: record.recordKey, kind: record.kind, data: record.data as object })) });
      await replaceTrace(tx, provider, { projectId, externalId: finalized.externalId, trace: finalized.trace });
      return { stored: fresh.size, duplicates: records.length - fresh.size, rejected: null };
    },
    // Exports of other traces may hold the write lock (SQLite) for a moment; wait rather than fail.
    { maxWait: 10_000, timeout: 30_000 },
  );
}

/** Log events in the order they were sent: by export, then by place in the export. */
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

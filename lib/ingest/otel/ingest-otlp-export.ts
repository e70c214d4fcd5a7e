import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { readOtlpSpansInTurns, SPANS_PER_TURN } from "../formats/otel-spans";
import { MAX_OTLP_RECORDS_PER_EXPORT, MAX_OTLP_TRACES_PER_EXPORT } from "../limits";
import { canonicalJson } from "../../traces/hash-trace";
import type { JsonObject } from "../../json/json-value";
import { traceIdsByExternalId } from "../find-trace-ids";
import { readOtlpLogs } from "./read-otlp-logs";
import { startOtelTraceRebuilds } from "./rebuild-otel-trace-job";
import { rebuildOtelTrace, storeOtelRecordsOfTraces, type OtelRecordInput } from "./store-otel-trace";

/**
 * What an OTLP export did: counts of spans (or log records) and, for the refused ones, why;
 * jobIds are the rebuilds of the traces it added to (the trace reads complete once they are done).
 */
export type OtlpIngestResult = { accepted: number; duplicates: number; rejected: number; errors: string[]; jobIds: string[] };

/** An ExportTraceServiceRequest (OTLP/JSON shape): each trace in it keeps its new spans and is rebuilt by a job. */
export async function ingestOtlpTraces(db: Db, { projectId, request }: { projectId: string; request: unknown }): Promise<OtlpIngestResult> {
  const { byTrace, errors } = await spansByTrace(request);
  return storeByTrace(db, projectId, byTrace, errors);
}

/** The request's spans grouped by trace, within the per-export caps (read in turns of the event loop). */
async function spansByTrace(request: unknown): Promise<{ byTrace: Map<string, OtelRecordInput[]>; errors: string[] }> {
  assertRecordsWithin(request, "resourceSpans", "scopeSpans", "spans");
  await nextTurn();
  const read = await readOtlpSpansInTurns(request);
  await nextTurn();
  if (!read.ok) throw new AppError("bad_request", "The body is not an OTLP ExportTraceServiceRequest", [{ path: read.path, message: read.error }]);
  const byTrace = new Map<string, OtelRecordInput[]>();
  for (const [seq, span] of read.spans.entries()) {
    if (seq > 0 && seq % SPANS_PER_TURN === 0) await nextTurn();
    const records = byTrace.get(span.traceId) ?? [];
    // Its place in the export keeps the trace's spans in the order they were sent when it is rebuilt.
    records.push({ kind: "span", recordKey: span.spanId, data: { ...span.source, seq } as JsonObject });
    byTrace.set(span.traceId, records);
  }
  assertTracesWithin(byTrace.size);
  return { byTrace, errors: read.errors };
}

/** The same request counted by trace (POST /api/v1/traces?format=otel): a trace whose spans were all kept already is a duplicate. */
export type OtlpTraceCounts = { accepted: number; updated: number; duplicates: number; rejected: { index: number; error: string }[]; externalIds: string[] };

/**
 * An ExportTraceServiceRequest sent to the trace batch API: stored like an OTLP export (each span
 * kept once), then the trace rebuilt at once from every span received so far, so a trace sent in
 * several posts is one trace. Traces are numbered in the order their first span comes.
 */
export async function ingestOtlpTracesByTrace(db: Db, { projectId, request }: { projectId: string; request: unknown }): Promise<OtlpTraceCounts> {
  const { byTrace, errors } = await spansByTrace(request);
  const counts: OtlpTraceCounts = { accepted: 0, updated: 0, duplicates: 0, rejected: errors.map((error) => ({ index: 0, error })), externalIds: [] };
  const existed = await traceIdsByExternalId(db, { projectId, externalIds: [...byTrace.keys()].map((traceId) => `otel:${traceId}`) });
  const stored = await storeOtelRecordsOfTraces(db, { projectId, byTrace });
  let index = 0;
  for (const traceId of byTrace.keys()) {
    const outcome = stored.get(traceId)!;
    // The batch API answers with the stored traces' ids, so their rebuild is part of the answer here.
    const rejected = outcome.rejected ?? (outcome.stored > 0 ? (await rebuildOtelTrace(db, { projectId, traceId })).rejected : null);
    if (rejected) counts.rejected.push({ index, error: rejected });
    else {
      counts.externalIds.push(`otel:${traceId}`);
      if (outcome.stored === 0) counts.duplicates++;
      else if (existed.has(`otel:${traceId}`)) counts.updated++;
      else counts.accepted++;
    }
    index++;
  }
  return counts;
}

/**
 * An ExportLogsServiceRequest of GenAI events: each is kept with its trace, and the trace rebuilt
 * with the messages they carry, whether its spans came before or come later.
 */
export async function ingestOtlpLogs(db: Db, { projectId, request }: { projectId: string; request: unknown }): Promise<OtlpIngestResult> {
  assertRecordsWithin(request, "resourceLogs", "scopeLogs", "logRecords");
  const read = readOtlpLogs(request);
  if (!read.ok) throw new AppError("bad_request", "The body is not an OTLP ExportLogsServiceRequest", [{ path: read.path, message: read.error }]);
  const byTrace = new Map<string, OtelRecordInput[]>();
  const seen = new Map<string, number>();
  read.events.forEach((event, seq) => {
    // A log record has no id: its content is its key, and identical records in one export are told apart by their turn.
    const hash = createHash("sha256").update(canonicalJson(event.source)).digest("hex");
    const occurrence = seen.get(hash) ?? 0;
    seen.set(hash, occurrence + 1);
    const records = byTrace.get(event.traceId) ?? [];
    records.push({ kind: "log", recordKey: `log:${hash}:${occurrence}`, data: { ...event.source, seq } as JsonObject });
    byTrace.set(event.traceId, records);
  });
  assertTracesWithin(byTrace.size);
  return storeByTrace(db, projectId, byTrace, read.errors);
}

const lowerTheBatch = "send smaller batches (the Collector's batch processor: send_batch_max_size)";

/** 400 past MAX_OTLP_RECORDS_PER_EXPORT spans or log records, counted before any is read. */
function assertRecordsWithin(request: unknown, outer: string, inner: string, leaf: string) {
  let count = 0;
  for (const group of arrayAt(request, outer)) for (const scope of arrayAt(group, inner)) count += arrayAt(scope, leaf).length;
  if (count > MAX_OTLP_RECORDS_PER_EXPORT) {
    throw new AppError("bad_request", `The export holds ${count} ${leaf === "spans" ? "spans" : "log records"}, more than the ${MAX_OTLP_RECORDS_PER_EXPORT} one export may; ${lowerTheBatch}`, [{ path: outer, message: `at most ${MAX_OTLP_RECORDS_PER_EXPORT}` }]);
  }
}

function assertTracesWithin(traces: number) {
  if (traces > MAX_OTLP_TRACES_PER_EXPORT) {
    throw new AppError("bad_request", `The export holds ${traces} traces, more than the ${MAX_OTLP_TRACES_PER_EXPORT} one export may; ${lowerTheBatch}`, [{ message: `at most ${MAX_OTLP_TRACES_PER_EXPORT} traces` }]);
  }
}

const arrayAt = (value: unknown, key: string): unknown[] => {
  const inner = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return Array.isArray(inner) ? inner : [];
};

async function storeByTrace(db: Db, projectId: string, byTrace: Map<string, OtelRecordInput[]>, readErrors: string[]): Promise<OtlpIngestResult> {
  const result: OtlpIngestResult = { accepted: 0, duplicates: 0, rejected: readErrors.length, errors: [...readErrors], jobIds: [] };
  const stored = await storeOtelRecordsOfTraces(db, { projectId, byTrace });
  const toRebuild: string[] = [];
  for (const [traceId, records] of byTrace) {
    const outcome = stored.get(traceId)!;
    if (outcome.rejected) {
      result.rejected += records.length;
      result.errors.push(outcome.rejected);
      continue;
    }
    result.accepted += outcome.stored;
    result.duplicates += outcome.duplicates;
    if (outcome.stored > 0) toRebuild.push(traceId);
  }
  result.jobIds = (await startOtelTraceRebuilds(db, { projectId, traceIds: toRebuild })).map(({ job }) => job.id);
  return result;
}

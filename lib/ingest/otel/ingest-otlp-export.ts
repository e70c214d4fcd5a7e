import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { readOtlpSpans } from "../formats/otel-spans";
import { canonicalJson } from "../hash-trace";
import type { JsonObject } from "../messages/json-value";
import { readOtlpLogs } from "./read-otlp-logs";
import { startOtelTraceRebuild } from "./rebuild-otel-trace-job";
import { storeOtelRecords, type OtelRecordInput } from "./store-otel-trace";

/**
 * What an OTLP export did: counts of spans (or log records) and, for the refused ones, why;
 * jobIds are the rebuilds of the traces it added to (the trace reads complete once they are done).
 */
export type OtlpIngestResult = { accepted: number; duplicates: number; rejected: number; errors: string[]; jobIds: string[] };

/** An ExportTraceServiceRequest (OTLP/JSON shape): each trace in it keeps its new spans and is rebuilt by a job. */
export async function ingestOtlpTraces(db: Db, { projectId, request }: { projectId: string; request: unknown }): Promise<OtlpIngestResult> {
  const read = readOtlpSpans(request);
  if (!read.ok) throw new AppError("bad_request", "The body is not an OTLP ExportTraceServiceRequest", [{ path: read.path, message: read.error }]);
  const byTrace = new Map<string, OtelRecordInput[]>();
  read.spans.forEach((span, seq) => {
    const records = byTrace.get(span.traceId) ?? [];
    // Its place in the export keeps the trace's spans in the order they were sent when it is rebuilt.
    records.push({ kind: "span", recordKey: span.spanId, data: { ...span.source, seq } as JsonObject });
    byTrace.set(span.traceId, records);
  });
  return storeByTrace(db, projectId, byTrace, read.errors);
}

/**
 * An ExportLogsServiceRequest of GenAI events: each is kept with its trace, and the trace rebuilt
 * with the messages they carry, whether its spans came before or come later.
 */
export async function ingestOtlpLogs(db: Db, { projectId, request }: { projectId: string; request: unknown }): Promise<OtlpIngestResult> {
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
  return storeByTrace(db, projectId, byTrace, read.errors);
}

async function storeByTrace(db: Db, projectId: string, byTrace: Map<string, OtelRecordInput[]>, readErrors: string[]): Promise<OtlpIngestResult> {
  const result: OtlpIngestResult = { accepted: 0, duplicates: 0, rejected: readErrors.length, errors: [...readErrors], jobIds: [] };
  for (const [traceId, records] of byTrace) {
    const stored = await storeOtelRecords(db, { projectId, traceId, records });
    if (stored.rejected) {
      result.rejected += records.length;
      result.errors.push(stored.rejected);
      continue;
    }
    result.accepted += stored.stored;
    result.duplicates += stored.duplicates;
    if (stored.stored > 0) result.jobIds.push((await startOtelTraceRebuild(db, { projectId, traceId })).job.id);
  }
  return result;
}

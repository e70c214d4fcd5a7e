import type { Db } from "../db/client";
import { isBusyError } from "../db/retry-on-busy";
import { storeTraces, type TraceToStore } from "../traces/store-traces";
import { findTraceIds } from "./find-trace-ids";
import type { FormatName } from "./format-name";
import { formatReaders } from "./formats/readers";
import { findPendingParts, mergeTraceParts } from "./merge-trace-parts";
import type { ImportRecord, RecordLocation, TraceRecord } from "./trace-record";

export type RejectedRecord = RecordLocation & { error: string };
/** traceIds (with `collectTraceIds`): the stored id of every trace the input held, new or already there, in input order. */
/**
 * accepted: new traces stored; updated: stored traces a part added to (a trace sent in parts);
 * pending: parts kept with nothing to show yet, until the rest of their trace comes.
 */
export type ImportResult = { accepted: number; updated: number; pending: number; duplicates: number; rejected: RejectedRecord[]; traceIds?: string[] };
export type ImportProgress = {
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Records read so far, valid or not. */
  processed: number;
  bytesRead?: number;
  totalBytes?: number;
  /** 0..1 when the input's size is known. */
  fraction?: number;
};
export type BytePosition = { bytesRead: number; totalBytes: number };

export type ImportTracesOptions = {
  projectId: string;
  records: AsyncIterable<ImportRecord> | Iterable<ImportRecord>;
  runId?: string;
  batchSize?: number;
  /** How far through the input the reader is, for a fraction in progress reports. */
  position?: () => BytePosition | undefined;
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /** Answer the stored trace ids too (the API and `import --json`); they are held in memory. */
  collectTraceIds?: boolean;
};

/**
 * The one import path (API, CLI, upload job): stores the valid records in batches, one
 * transaction each, and reports every invalid one with where it was. A batch that fails as a
 * whole is retried one trace at a time, so one bad row costs only itself and nothing is left
 * half-written. A database that stays busy fails the import with DatabaseBusyError: batches
 * stored before it stay (a resend counts them as duplicates), no record is reported rejected for it.
 */
export async function importTraces(db: Db, { projectId, records, runId, batchSize = 1000, position, onProgress, collectTraceIds = false }: ImportTracesOptions): Promise<ImportResult> {
  const result: ImportResult = { accepted: 0, updated: 0, pending: 0, duplicates: 0, rejected: [] };
  const externalIds: string[] = [];
  let processed = 0;
  let batch: { item: TraceToStore; location: RecordLocation; format: FormatName }[] = [];

  const report = async () => {
    if (!onProgress) return;
    const at = position?.();
    const fraction = at && at.totalBytes > 0 ? Math.min(1, at.bytesRead / at.totalBytes) : undefined;
    await onProgress({ accepted: result.accepted, duplicates: result.duplicates, rejected: result.rejected.length, processed, ...(at ? { ...at, fraction } : {}) });
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    try {
      const stored = await storeTraces(db, { projectId, runId, traces: current.map(({ item }) => item) });
      add(stored);
      await mergeParts(current, stored.storedIds);
    } catch (error) {
      // A database still busy after storeTraces' retries is not the records' fault: the whole import
      // fails (a 503 for the API) and nothing of this batch is stored or reported as rejected.
      if (isBusyError(error)) throw error;
      // Something in the batch broke the transaction (a constraint, a value the database refuses):
      // find it by storing one at a time; the others still go in.
      for (const entry of current) {
        const { item, location } = entry;
        try {
          const stored = await storeTraces(db, { projectId, runId, traces: [item] });
          add(stored);
          await mergeParts([entry], stored.storedIds);
        } catch (error) {
          if (isBusyError(error)) throw error;
          result.rejected.push({ ...location, error: `could not store trace ${item.externalId}: ${errorMessage(error)}` });
        }
      }
    }
    await report();
  };
  // Span formats: a trace already stored (sent earlier in parts) gets this record's new spans; a
  // trace stored now takes in the parts kept while it had nothing to show.
  const mergeParts = async (entries: typeof batch, storedIds: Map<string, string>) => {
    const spanEntries = entries.filter(({ format }) => formatReaders[format].parts);
    const waiting = await findPendingParts(db, { projectId, externalIds: spanEntries.filter(({ item }) => storedIds.has(item.externalId)).map(({ item }) => item.externalId) });
    for (const { item, location, format } of spanEntries) {
      const parts = formatReaders[format].parts;
      if (!parts) continue;
      const isNew = storedIds.has(item.externalId);
      if (isNew && !waiting.has(item.externalId)) continue;
      const merged = await mergeTraceParts(db, { projectId, externalId: item.externalId, items: isNew ? [] : parts.itemsOf(item.trace?.metadata), parts });
      if (isNew || merged.status === "unchanged") continue;
      result.duplicates--;
      if (merged.status === "error") result.rejected.push({ ...location, error: merged.error });
      else result.updated++;
    }
  };
  // A part with nothing to show yet is kept, not refused: the rest of its trace is on its way.
  const keepPending = async (record: Extract<TraceRecord, { ok: false }>) => {
    const parts = formatReaders[record.format].parts;
    if (!parts || !record.pending) return false;
    const merged = await mergeTraceParts(db, { projectId, externalId: record.pending.externalId, items: record.pending.items, parts });
    if (merged.status === "error") return false;
    if (merged.status === "unchanged") result.duplicates++;
    else if (merged.status === "pending") result.pending++;
    else result.updated++;
    if (collectTraceIds) externalIds.push(record.pending.externalId);
    return true;
  };
  const add = ({ accepted, duplicates }: { accepted: number; duplicates: number }) => {
    result.accepted += accepted;
    result.duplicates += duplicates;
  };

  for await (const record of records) {
    processed++;
    if (!record.ok) {
      if (!(await keepPending(record))) result.rejected.push({ ...record.location, error: record.error });
      continue;
    }
    if (collectTraceIds) externalIds.push(record.externalId);
    const item: TraceToStore = "rows" in record ? { rows: record.rows, externalId: record.externalId } : { trace: record.trace, externalId: record.externalId };
    batch.push({ item, location: record.location, format: record.format });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  await report();
  if (collectTraceIds) result.traceIds = await findTraceIds(db, { projectId, externalIds });
  return result;
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 500) ?? "unknown error";
}

import type { Db } from "../db/client";
import type { FormatName } from "./format-name";
import { importTraces, type BytePosition, type ImportProgress, type ImportResult } from "./import-traces";
import { openSource, type TraceSourceInput } from "./open-source";
import { readTraceRecordsInWorker } from "./read-trace-records-in-worker";
import { readTraceRecords } from "./read-trace-records";

// Below this size a reader thread's start (its modules loaded anew through tsx) costs more than it saves.
export const inWorkerFromBytes = 8 * 1024 * 1024;

// Traces a transaction when a reader thread prepares them: the writes are then most of the main
// thread's time, and fewer, larger commits cost less (a transaction of 5,000 ten-step traces holds
// SQLite's write lock for about half a second).
const inWorkerBatch = 5_000;

/** Reads a file (streamed), a string or bytes in any format and imports it, with byte-level progress. */
export async function importTraceSource(
  db: Db,
  {
    projectId,
    input,
    format,
    onProgress,
    collectTraceIds,
  }: { projectId: string; input: TraceSourceInput; format?: FormatName; onProgress?: (progress: ImportProgress) => void | Promise<void>; collectTraceIds?: boolean },
): Promise<ImportResult> {
  let position: BytePosition | undefined;
  const source = await openSource(input);
  const options = { format, onBytesRead: (bytesRead: number, totalBytes: number) => (position = { bytesRead, totalBytes }) };
  const inWorker = source.size >= inWorkerFromBytes;
  const records = inWorker ? readTraceRecordsInWorker(source, options) : readTraceRecords({ source }, options);
  return importTraces(db, { projectId, records, position: () => position, onProgress, collectTraceIds, batchSize: inWorker ? inWorkerBatch : undefined });
}

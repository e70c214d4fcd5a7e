import type { Db } from "../db/client";
import type { FormatName } from "./format-name";
import { importTraces, type BytePosition, type ImportProgress, type ImportResult } from "./import-traces";
import type { TraceSourceInput } from "./open-source";
import { readTraceRecords } from "./read-trace-records";

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
  const records = readTraceRecords(input, { format, onBytesRead: (bytesRead, totalBytes) => (position = { bytesRead, totalBytes }) });
  return importTraces(db, { projectId, records, position: () => position, onProgress, collectTraceIds });
}

import type { ReadTraceRecordsOptions } from "./read-trace-records";
import type { ImportRecord } from "./trace-record";

/** What readTraceRecordsInWorker starts its reader thread with. */
export type WorkerSettings = {
  /** A file the thread reads itself, or a source the main thread relays (its name and size). */
  source: { path: string } | { fileName?: string; size: number };
  options: Omit<ReadTraceRecordsOptions, "onBytesRead">;
  /** Records a message. */
  batchSize: number;
  /** Messages sent before the main thread has taken them. */
  batchesAhead: number;
};

type Position = { bytesRead: number; totalBytes: number };
export type FromReader =
  | ({ type: "records"; records: ImportRecord[] } & Position)
  | ({ type: "done" } & Position)
  | { type: "failed"; message: string; name?: string; code?: string }
  | { type: "head"; maxBytes: number }
  | { type: "pull" };
export type ToReader = { type: "credit" } | { type: "head"; bytes: Uint8Array } | { type: "chunk"; bytes: Uint8Array } | { type: "end" } | { type: "failed"; message: string };

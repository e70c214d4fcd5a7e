import type { TraceRows } from "../traces/trace-rows";
import type { Trace } from "../traces/trace-schema";
import type { FormatName } from "./format-name";

/** Where a record came from: the file, and the JSONL line (1-based) and/or the array index (0-based). */
export type RecordLocation = { file?: string; line?: number; index?: number };

export type TraceRecord = { location: RecordLocation; format: FormatName } & (
  | { ok: true; trace: Trace; externalId: string }
  | { ok: false; error: string; pending?: PendingParts }
);

/**
 * A record as an import reads it: a TraceRecord, or a valid trace handed over as the rows it will
 * be stored as (made by the reader thread, readTraceRecordsInWorker), not as the trace itself.
 */
export type ImportRecord = TraceRecord | { location: RecordLocation; format: FormatName; ok: true; externalId: string; rows: TraceRows };

/** A part of a span-format trace that holds nothing to show yet (a trace header, an agent span): kept until the rest comes. */
export type PendingParts = { externalId: string; items: unknown[] };

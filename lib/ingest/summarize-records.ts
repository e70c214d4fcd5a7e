import type { FormatName } from "./format-name";
import type { RecordLocation, TraceRecord } from "./trace-record";

export type RecordsSummary = {
  total: number;
  ok: number;
  rejected: { location: RecordLocation; error: string }[];
  formats: Partial<Record<FormatName, number>>;
};

/** Counts of a read; the rejected list is what the CLI and the API report back. */
export function summarizeRecords(records: Iterable<TraceRecord>): RecordsSummary {
  const summary: RecordsSummary = { total: 0, ok: 0, rejected: [], formats: {} };
  for (const record of records) {
    summary.total++;
    summary.formats[record.format] = (summary.formats[record.format] ?? 0) + 1;
    if (record.ok) summary.ok++;
    else summary.rejected.push({ location: record.location, error: record.error });
  }
  return summary;
}

/** "runs.jsonl: line 3: steps[2].role: ..." — the record's error with its file in front. */
export function describeRecordError(record: Extract<TraceRecord, { ok: false }>): string {
  return record.location.file ? `${record.location.file}: ${record.error}` : record.error;
}

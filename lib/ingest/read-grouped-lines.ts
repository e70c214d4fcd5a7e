import type { FormatName } from "./format-name";
import type { FormatReader, LineValue, MapContext, Mapped } from "./formats/format-reader";
import { formatBytes } from "../http/body-limits";
import { parseJsonLine } from "./parse-json-line";
import { readLines } from "./read-lines";
import type { RecordLocation, TraceRecord } from "./trace-record";

type Options = { maxLineBytes: number; maxBytes: number; format: FormatName };

/**
 * JSONL whose traces span many lines (a run or span per line): bad lines are reported by line as
 * they come; the good ones are kept (up to the document limit, as one trace can be anywhere in
 * the file) and handed to the format to group into traces.
 */
export async function* readGroupedLines(
  chunks: AsyncIterable<Uint8Array>,
  mapLines: NonNullable<FormatReader["mapLines"]>,
  context: MapContext,
  { maxLineBytes, maxBytes, format }: Options,
  toRecord: (mapped: Mapped, location: RecordLocation) => TraceRecord,
): AsyncGenerator<TraceRecord> {
  const lines: LineValue[] = [];
  let kept = 0;
  for await (const result of readLines(chunks, { maxLineBytes })) {
    const location = { line: result.line };
    if (!result.ok) {
      yield toRecord({ ok: false, error: result.error }, location);
      continue;
    }
    kept += result.bytes.length;
    if (kept > maxBytes) {
      yield toRecord(
        { ok: false, error: `file is above the ${formatBytes(maxBytes)} limit for ${format} JSONL, which is grouped into traces in memory; split it by trace` },
        location,
      );
      return;
    }
    const parsed = parseJsonLine(result.bytes);
    if (!parsed) continue;
    if (!parsed.ok) {
      yield toRecord(parsed, location);
      continue;
    }
    lines.push({ line: result.line, value: parsed.value });
  }
  for (const mapped of mapLines(lines, context)) yield toRecord(mapped, {});
}

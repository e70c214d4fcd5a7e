import { dirname, join } from "node:path";
import { readFile } from "node:fs/promises";
import { decodeUtf8 } from "../json/decode-utf8";
import { describeThrown } from "./describe-thrown";
import { detectFormat } from "./detect-format";
import { finalizeTrace, nothingToStore } from "./finalize-trace";
import type { FormatName } from "./format-name";
import type { FormatReader, MapContext, Mapped } from "./formats/format-reader";
import { formatReaders } from "./formats/readers";
import { DETECT_HEAD_BYTES, MAX_DOCUMENT_BYTES, MAX_LINE_BYTES } from "./limits";
import { formatBytes } from "../http/body-limits";
import { isRecord } from "../json/json-value";
import { openSource, type OpenedSource, type TraceSourceInput } from "./open-source";
import { parseJson } from "../json/parse-json";
import { parseJsonLine } from "./parse-json-line";
import { readGroupedLines } from "./read-grouped-lines";
import { readLines } from "./read-lines";
import type { RecordLocation, TraceRecord } from "./trace-record";

export { formatNames, type FormatName } from "./format-name";
export type { RecordLocation, TraceRecord } from "./trace-record";
export type { TraceSourceInput } from "./open-source";

export type ReadTraceRecordsOptions = {
  /** Skip detection and read as this format. */
  format?: FormatName;
  maxLineBytes?: number;
  maxDocumentBytes?: number;
  /** Called as the input is consumed (JSONL chunk by chunk, documents once read whole), for progress. */
  onBytesRead?: (bytesRead: number, totalBytes: number) => void;
  /** The input is one JSON document (an API body), so a one-line native or OTLP object is not JSONL. */
  isDocument?: boolean;
};

/**
 * Reads a trace file in any supported format and yields one record per trace: the validated
 * native trace with its externalId, or a located error. Bad records never stop the reading; only
 * file system errors (a missing file) throw. A file-level problem (empty, undetectable, too big,
 * not JSON) is one error record; its `format` is the forced one, else the detected one, else "native".
 */
export async function* readTraceRecords(input: TraceSourceInput, options: ReadTraceRecordsOptions = {}): AsyncGenerator<TraceRecord> {
  const { maxLineBytes = MAX_LINE_BYTES, maxDocumentBytes = MAX_DOCUMENT_BYTES } = options;
  const source = await openSource(input);
  const file = source.fileName;
  const fail = (format: FormatName, error: string, location: RecordLocation = {}): TraceRecord => ({
    location: { ...(file ? { file } : {}), ...location },
    format,
    ok: false,
    error,
  });
  const head = await source.head(DETECT_HEAD_BYTES);
  if (source.size === 0 || (source.size <= head.length && isBlank(head))) {
    yield fail(options.format ?? "native", "file is empty");
    return;
  }
  const detection = detectFormat({ fileName: file, head, format: options.format });
  if (!detection.ok) {
    yield fail(options.format ?? "native", detection.error);
    return;
  }
  const { format } = detection;
  const mode = options.isDocument && (format === "native" || format === "otel") && detection.mode === "lines" ? "document" : detection.mode;
  const reader = formatReaders[format];
  const context: MapContext = { fileName: file };
  if (format === "verifiers" && source.path) {
    const sidecar = await readSidecarMetadata(source.path);
    if (sidecar.error) yield { location: { file: sidecar.path }, format, ok: false, error: sidecar.error };
    if (sidecar.value) context.sidecarMetadata = sidecar.value;
  }
  const toRecord = (mapped: Mapped, location: RecordLocation): TraceRecord => {
    const full: RecordLocation = {
      ...(file ? { file } : {}),
      ...location,
      ...(mapped.line === undefined ? {} : { line: mapped.line }),
      ...(mapped.index === undefined ? {} : { index: mapped.index }),
    };
    const where = describeLocation(full);
    if (!mapped.ok) return { location: full, format, ok: false, error: where ? `${where}: ${mapped.error}` : mapped.error };
    const finalized = finalizeTrace(mapped.trace, mapped.sourceId);
    if (!finalized.ok) {
      const error = where ? `${where}: ${finalized.error}` : finalized.error;
      const isPart = finalized.error === nothingToStore && reader.parts && mapped.sourceId && isRecord(mapped.trace);
      const pending = isPart ? { externalId: mapped.sourceId!, items: reader.parts!.itemsOf((mapped.trace as { metadata?: unknown }).metadata) } : undefined;
      return { location: full, format, ok: false, error, ...(pending ? { pending } : {}) };
    }
    return { location: full, format, ...finalized };
  };

  if (mode === "lines" && reader.mapLines) {
    yield* readGroupedLines(countChunks(source, options.onBytesRead), reader.mapLines, context, { maxLineBytes, maxBytes: maxDocumentBytes, format }, toRecord);
    return;
  }
  if (mode === "lines") {
    yield* readLineRecords(countChunks(source, options.onBytesRead), reader, context, maxLineBytes, toRecord);
    return;
  }
  if (source.size > maxDocumentBytes) {
    const advice = mode === "zip" ? "" : `; split it${reader.mapRecord ? " or write it as JSONL" : ""}`;
    yield fail(format, `file is ${formatBytes(source.size)}, above the ${formatBytes(maxDocumentBytes)} limit for ${format} ${mode === "zip" ? "archives" : "documents"}, which are read whole${advice}`);
    return;
  }
  const bytes = await source.readAll();
  options.onBytesRead?.(bytes.length, source.size);
  if (mode === "zip") {
    for (const mapped of reader.mapArchive?.(bytes, context) ?? []) yield toRecord(mapped, {});
    return;
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    yield fail(format, `line ${decoded.line}: ${decoded.error}`, { line: decoded.line });
    return;
  }
  const parsed = parseJson(decoded.text);
  if (!parsed.ok) {
    yield fail(format, parsed.error, { line: parsed.line });
    return;
  }
  try {
    for (const mapped of reader.mapDocument?.(parsed.value, context) ?? []) yield toRecord(mapped, {});
  } catch (error) {
    yield fail(format, `could not read the document: ${describeThrown(error)}`);
  }
}

async function* countChunks(source: OpenedSource, onBytesRead: ReadTraceRecordsOptions["onBytesRead"]): AsyncGenerator<Uint8Array> {
  let bytesRead = 0;
  for await (const chunk of source.chunks()) {
    bytesRead += chunk.length;
    onBytesRead?.(bytesRead, source.size);
    yield chunk;
  }
}

async function* readLineRecords(
  chunks: AsyncIterable<Uint8Array>,
  reader: FormatReader,
  context: MapContext,
  maxLineBytes: number,
  toRecord: (mapped: Mapped, location: RecordLocation) => TraceRecord,
): AsyncGenerator<TraceRecord> {
  for await (const result of readLines(chunks, { maxLineBytes })) {
    const location = { line: result.line };
    if (!result.ok) {
      yield toRecord({ ok: false, error: result.error }, location);
      continue;
    }
    const parsed = parseJsonLine(result.bytes);
    if (!parsed) continue;
    if (!parsed.ok) {
      yield toRecord(parsed, location);
      continue;
    }
    // An importer that throws (a bug, or a stack overflow on a pathological record) costs one record, not the import.
    let mappedRecords: Mapped[];
    try {
      mappedRecords = reader.mapRecord?.(parsed.value, context) ?? [];
    } catch (error) {
      mappedRecords = [{ ok: false, error: `could not read the record: ${describeThrown(error)}` }];
    }
    for (const mapped of mappedRecords) yield toRecord(mapped, location);
  }
}

/** "line 3", "index 2", "line 3, index 1", or "" for the whole file. */
export function describeLocation({ line, index }: RecordLocation): string {
  return [line === undefined ? null : `line ${line}`, index === undefined ? null : `index ${index}`].filter(Boolean).join(", ");
}

/** verifiers writes metadata.json beside results.jsonl; a broken one is reported, not fatal. */
async function readSidecarMetadata(path: string): Promise<{ path: string; value?: Record<string, unknown>; error?: string }> {
  const sidecarPath = join(dirname(path), "metadata.json");
  let bytes: Uint8Array;
  try {
    bytes = await readFile(sidecarPath);
  } catch {
    return { path: sidecarPath };
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) return { path: sidecarPath, error: `metadata.json: line ${decoded.line}: ${decoded.error}` };
  const parsed = parseJson(decoded.text);
  if (!parsed.ok) return { path: sidecarPath, error: `metadata.json: ${parsed.error}` };
  if (!isRecord(parsed.value)) return { path: sidecarPath, error: "metadata.json: expected a JSON object" };
  return { path: sidecarPath, value: parsed.value };
}

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    const isBom = i <= 2 && (b === 0xef || b === 0xbb || b === 0xbf);
    if (!(b === 32 || b === 9 || b === 10 || b === 13 || isBom)) return false;
  }
  return true;
}

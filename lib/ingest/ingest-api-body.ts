import { z } from "zod";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { MAX_TRACES_PER_REQUEST, traceBatchSchema } from "../traces/trace-schema";
import { MAX_JSON_CONTAINERS } from "../json/json-limits";
import { tooManyContainers } from "../json/parse-json-body";
import { decodeUtf8 } from "../json/decode-utf8";
import { formatNames, type FormatName } from "./format-name";
import type { ApiIngestResult } from "./ingest-answer-schema";
import { findTraceIds } from "./find-trace-ids";
import { importTraces } from "./import-traces";
import { ingestOtlpTracesByTrace } from "./otel/ingest-otlp-export";
import { parseJson } from "../json/parse-json";
import { readTraceRecords } from "./read-trace-records";
import type { TraceRecord } from "./trace-record";

export type { ApiIngestResult };

/**
 * The body of POST /api/v1/traces: native `{"traces": [...]}`, or a raw
 * document in `format`. A body that cannot be read at all is a 400 with details; bad records in a
 * readable body are reported one by one and the good ones are stored.
 */
export async function ingestApiBody(db: Db, { projectId, bytes, format = "native" }: { projectId: string; bytes: Uint8Array; format?: FormatName }): Promise<ApiIngestResult> {
  if (format === "native") assertNativeBatch(bytes);
  const records: TraceRecord[] = [];
  for await (const record of readTraceRecords({ bytes }, { format, maxDocumentBytes: Number.MAX_SAFE_INTEGER, isDocument: true })) {
    if (records.length === MAX_TRACES_PER_REQUEST) throw tooManyTraces(record.location);
    records.push(record);
  }
  const [only] = records;
  // One error for the whole body (empty, not JSON, not this format) is a bad request, not a bad record.
  const isDocumentFormat = format === "native" || format === "otel";
  if (records.length === 1 && only && !only.ok && only.location.index === undefined && (only.location.line === undefined || isDocumentFormat)) {
    throw new AppError("bad_request", `The body is not a valid ${format} document`, [{ message: only.error }]);
  }
  if (format === "otel") return ingestOtlpBody(db, projectId, bytes);
  const { accepted, updated, pending, duplicates, rejected, traceIds = [] } = await importTraces(db, { projectId, records, collectTraceIds: true });
  return {
    accepted,
    updated,
    pending,
    duplicates,
    rejected: rejected.map(({ index, line, error }) => ({ ...(index === undefined ? {} : { index }), ...(line === undefined ? {} : { line }), error })),
    traceIds,
  };
}

/** OTLP goes where the OTLP endpoint's spans go, so its spans merge with a trace's other posts and exports. */
async function ingestOtlpBody(db: Db, projectId: string, bytes: Uint8Array): Promise<ApiIngestResult> {
  const decoded = decodeUtf8(bytes);
  const parsed = decoded.ok ? parseJson(decoded.text) : null;
  if (!parsed?.ok) throw new AppError("bad_request", "The body is not a valid otel document", []);
  const { accepted, updated, duplicates, rejected, externalIds } = await ingestOtlpTracesByTrace(db, { projectId, request: parsed.value });
  return { accepted, updated, pending: 0, duplicates, rejected, traceIds: await findTraceIds(db, { projectId, externalIds }) };
}

const tooManyTraces = ({ index, line }: { index?: number; line?: number }) =>
  new AppError("bad_request", `The body holds more than ${MAX_TRACES_PER_REQUEST} traces; send them in several batches`, [
    { ...(index === undefined ? {} : { index }), ...(line === undefined ? {} : { line }), message: `at most ${MAX_TRACES_PER_REQUEST} traces per request` },
  ]);

function assertNativeBatch(bytes: Uint8Array) {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new AppError("bad_request", "The body is not valid UTF-8", [{ line: decoded.line, byteOffset: decoded.byteOffset, message: decoded.error }]);
  if (decoded.text.trim() === "") throw new AppError("bad_request", 'The body is empty; send {"traces": [...]}', []);
  const parsed = parseJson(decoded.text, { maxContainers: MAX_JSON_CONTAINERS });
  if (!parsed.ok && parsed.error.startsWith("JSON holds more")) throw tooManyContainers(parsed);
  if (!parsed.ok) throw new AppError("bad_request", "The body is not JSON", [{ line: parsed.line, column: parsed.column, message: parsed.error }]);
  const batch = traceBatchSchema.safeParse(parsed.value);
  if (!batch.success) {
    throw new AppError(
      "bad_request",
      'The body must be {"traces": [...]} (or pass ?format= for another format)',
      batch.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    );
  }
}

export const ingestQuerySchema = z.object({
  format: z.enum(formatNames).optional().describe("the body's format: native (the default) is {\"traces\": [...]}; any other is that format's export as it is, JSON or JSONL, whatever the Content-Type"),
});

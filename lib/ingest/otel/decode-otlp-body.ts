import { setImmediate as nextTurn } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { AppError } from "../../errors/app-error";
import { findJsonValueProblem, formatJsonPath } from "../../json/find-json-value-problem";
import { MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from "../../json/json-limits";
import { decodeUtf8 } from "../../json/decode-utf8";
import { formatBytes } from "../../http/body-limits";
import { parseJson } from "../../json/parse-json";
import { tooManyContainers } from "../../json/parse-json-body";
import { decodeOtlpProtobuf, type OtlpSignal } from "./otlp-protobuf";

export type OtlpEncoding = "json" | "protobuf";

/** OTLP/HTTP's two content types; anything else is answered 415, as the spec says. */
export function readOtlpEncoding(contentType: string | null): OtlpEncoding {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json") return "json";
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  throw new AppError("unsupported_media_type", `Content-Type ${JSON.stringify(contentType ?? "")} is not OTLP/HTTP: send application/x-protobuf or application/json`);
}

/**
 * An OTLP/HTTP request body (gzip or not) as the OTLP/JSON request object. Decompressed size is
 * bounded by `maxBytes` (413 past it); bytes that are not the named encoding are a 400. Each step
 * over a body at the limit takes a few hundred milliseconds; the event loop gets a turn between
 * them, so other requests are not held for all of them at once.
 */
export async function decodeOtlpBody(signal: OtlpSignal, { bytes, encoding, contentEncoding, maxBytes }: { bytes: Uint8Array; encoding: OtlpEncoding; contentEncoding: string | null; maxBytes: number }): Promise<unknown> {
  const plain = decompress(bytes, contentEncoding, maxBytes);
  await nextTurn();
  const value = encoding === "protobuf" ? decodeProtobuf(signal, plain) : await decodeJson(plain);
  await nextTurn();
  // Spans are stored as they came: a value no database can hold is refused with where it is.
  const problem = findJsonValueProblem(value, { maxDepth: MAX_JSON_DEPTH });
  if (problem) throw new AppError("bad_request", `${formatJsonPath(problem.path)}: ${problem.message}`, [{ path: problem.path.join("."), message: problem.message }]);
  return value;
}

function decodeProtobuf(signal: OtlpSignal, plain: Uint8Array): unknown {
  try {
    return decodeOtlpProtobuf(signal, plain);
  } catch (error) {
    throw new AppError("bad_request", `The body is not a protobuf OTLP ${signal} export request`, [{ message: error instanceof Error ? error.message : String(error) }]);
  }
}

async function decodeJson(plain: Uint8Array): Promise<unknown> {
  const decoded = decodeUtf8(plain);
  if (!decoded.ok) throw new AppError("bad_request", "The body is not valid UTF-8", [{ line: decoded.line, message: decoded.error }]);
  await nextTurn();
  const parsed = parseJson(decoded.text, { maxContainers: MAX_JSON_CONTAINERS });
  if (!parsed.ok && parsed.error.startsWith("JSON holds more")) throw tooManyContainers(parsed);
  if (!parsed.ok) throw new AppError("bad_request", "The body is not JSON", [{ line: parsed.line, message: parsed.error }]);
  return parsed.value;
}

function decompress(bytes: Uint8Array, contentEncoding: string | null, maxBytes: number): Uint8Array {
  const name = (contentEncoding ?? "").trim().toLowerCase();
  if (name === "" || name === "identity") return bytes;
  if (name !== "gzip") throw new AppError("unsupported_media_type", `Content-Encoding ${JSON.stringify(contentEncoding)} is not supported: send gzip or no compression`);
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError("payload_too_large", `The body is over the ${formatBytes(maxBytes)} limit once decompressed; send smaller batches`, [{ limit: maxBytes }]);
    }
    throw new AppError("bad_request", "The body is not valid gzip", [{ message: error instanceof Error ? error.message : String(error) }]);
  }
}

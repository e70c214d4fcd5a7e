import { AppError } from "../errors/app-error";
import { decodeUtf8 } from "./decode-utf8";
import { parseJson } from "./parse-json";
import { MAX_JSON_CONTAINERS, MAX_JSON_DEPTH } from "./json-limits";
import { findJsonValueProblem, formatJsonPath } from "./find-json-value-problem";

/**
 * A request body's bytes as a JSON value, or a 400 AppError that says where it went wrong:
 * the byte offset of invalid UTF-8, the line and column of a syntax error or of nesting past
 * `maxDepth`, the field holding a string that is not well-formed UTF-16.
 */
export function parseJsonBody(bytes: Uint8Array, { maxDepth = MAX_JSON_DEPTH }: { maxDepth?: number } = {}): unknown {
  const value = parseJsonBodyUnchecked(bytes, { maxDepth });
  assertStorableJson(value, { maxDepth });
  return value;
}

/** The body's bytes as JSON (400 where it is not UTF-8 or not JSON), its strings not yet checked. */
export function parseJsonBodyUnchecked(bytes: Uint8Array, { maxDepth = MAX_JSON_DEPTH }: { maxDepth?: number } = {}): unknown {
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) throw new AppError("bad_request", "The body is not valid UTF-8", [{ line: decoded.line, byteOffset: decoded.byteOffset, message: decoded.error }]);
  if (decoded.text.trim() === "") throw new AppError("bad_request", "The body is empty", [{ line: 1, column: 1, message: "send a JSON object" }]);
  const parsed = parseJson(decoded.text, { maxDepth, maxContainers: MAX_JSON_CONTAINERS });
  if (!parsed.ok) {
    if (parsed.error.startsWith("JSON holds more")) throw tooManyContainers(parsed);
    const message = parsed.error.startsWith("JSON nested") ? `The body is nested deeper than ${maxDepth} levels` : "The body is not JSON";
    throw new AppError("bad_request", message, [{ line: parsed.line, column: parsed.column, message: parsed.error }]);
  }
  return parsed.value;
}

/** 413 for a body of more objects and arrays than MAX_JSON_CONTAINERS, found before any is built. */
export const tooManyContainers = ({ line, column, error }: { line: number; column: number; error: string }) =>
  new AppError("payload_too_large", `The body holds more than ${MAX_JSON_CONTAINERS} JSON objects and arrays (the limit); send smaller batches`, [{ line, column, message: error }]);

/** A 400 naming the field of a value that cannot be stored (NUL, lone surrogate, too deep). */
export function assertStorableJson(value: unknown, { maxDepth = MAX_JSON_DEPTH }: { maxDepth?: number } = {}): void {
  const problem = findJsonValueProblem(value, { maxDepth });
  if (problem) {
    const path = formatJsonPath(problem.path, { maxSegments: Number.MAX_SAFE_INTEGER });
    throw new AppError("bad_request", `${path}: ${problem.message}`, [{ path: problem.path.join("."), message: problem.message }]);
  }
}

import { lineAndColumn, locateJsonError } from "./locate-json-error";

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string; line: number };

/**
 * JSON.parse with an error that says where: "invalid JSON at line 3, column 7: expected ',' or '}'".
 * `multiline` false (a JSONL line) reports the column only, as the line is already known.
 */
export function parseJson(text: string, { multiline = true }: { multiline?: boolean } = {}): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const { offset, reason } = locateJsonError(text);
    const { line, column } = lineAndColumn(text, offset);
    const where = multiline ? `line ${line}, column ${column}` : `column ${column}`;
    return { ok: false, error: `invalid JSON at ${where}: ${reason}`, line };
  }
}

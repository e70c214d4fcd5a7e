import { findStructureLimitBreach } from "./find-structure-limit";
import { lineAndColumn, locateJsonError } from "./locate-json-error";

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: string; line: number; column: number };

/**
 * JSON.parse with an error that says where: "invalid JSON at line 3, column 7: expected ',' or '}'".
 * `multiline` false (a JSONL line) reports the column only, as the line is already known. With
 * `maxDepth`, nesting past it is refused before the value is built ("nested deeper than 128 levels at ...");
 * with `maxContainers`, more objects and arrays than that ("JSON holds more than N objects and arrays at ...").
 */
export function parseJson(text: string, { multiline = true, maxDepth, maxContainers }: { multiline?: boolean; maxDepth?: number; maxContainers?: number } = {}): JsonParseResult {
  const where = (offset: number) => {
    const { line, column } = lineAndColumn(text, offset);
    return { line, column, at: multiline ? `line ${line}, column ${column}` : `column ${column}` };
  };
  const breach = maxDepth === undefined && maxContainers === undefined ? null : findStructureLimitBreach(text, { maxDepth, maxContainers });
  if (breach) {
    const { line, column, at } = where(breach.offset);
    const error = breach.kind === "depth" ? `JSON nested deeper than ${maxDepth} levels at ${at}` : `JSON holds more than ${maxContainers} objects and arrays; the next one opens at ${at}`;
    return { ok: false, error, line, column };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const { offset, reason } = locateJsonError(text);
    const { line, column, at } = where(offset);
    return { ok: false, error: `invalid JSON at ${at}: ${reason}`, line, column };
  }
}

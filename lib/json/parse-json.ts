import { findTooDeep } from "./find-too-deep";
import { findTooManyContainers } from "./find-too-many-containers";
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
  const tooDeep = maxDepth === undefined ? -1 : findTooDeep(text, maxDepth);
  if (tooDeep !== -1) {
    const { line, column, at } = where(tooDeep);
    return { ok: false, error: `JSON nested deeper than ${maxDepth} levels at ${at}`, line, column };
  }
  const tooMany = maxContainers === undefined ? -1 : findTooManyContainers(text, maxContainers);
  if (tooMany !== -1) {
    const { line, column, at } = where(tooMany);
    return { ok: false, error: `JSON holds more than ${maxContainers} objects and arrays; the next one opens at ${at}`, line, column };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const { offset, reason } = locateJsonError(text);
    const { line, column, at } = where(offset);
    return { ok: false, error: `invalid JSON at ${at}: ${reason}`, line, column };
  }
}

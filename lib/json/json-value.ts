export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object without the given keys (and without keys whose value is undefined). */
export function omitKeys(value: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (!keys.includes(key) && item !== undefined) out[key] = item;
  }
  return out;
}

/** Undefined when the object has no keys, so empty metadata is left out of the trace. */
export function nonEmpty(value: JsonObject): JsonObject | undefined {
  return Object.keys(value).length > 0 ? value : undefined;
}

export function asString(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function asFiniteNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A token count: a non-negative integer, also from a numeric string (OTLP intValue). */
export function asCount(value: unknown): number | null {
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/**
 * Parses JSON that sources wrap in strings, sometimes twice (Langfuse exports, OTel attributes).
 * Only strings that look like JSON objects, arrays or strings are tried; anything else is kept.
 */
export function parseJsonDeep(value: unknown, depth = 3): unknown {
  let current = value;
  for (let i = 0; i < depth && typeof current === "string"; i++) {
    const trimmed = current.trimStart();
    if (!/^[[{"]/.test(trimmed)) break;
    try {
      current = JSON.parse(current);
    } catch {
      break;
    }
  }
  return current;
}

/** The string itself when it is not JSON; the parsed object or array when it is. */
export function parseJsonArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? parsed : value;
  } catch {
    return value;
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) => deepEqual((a as JsonObject)[key], (b as JsonObject)[key]));
}

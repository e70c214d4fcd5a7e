import { canonicalJson } from "../traces/hash-trace";

/**
 * The arguments of a tool call as one canonical text, so a replayed call matches its recording
 * however the caller spelled it: JSON text is parsed (its layout does not count), object keys are
 * sorted, numbers are written one way (1.0, 1e0 and 1 are the same; -0 is 0) and string values
 * lose leading and trailing whitespace. Strings are never read as numbers: "007" and 7 differ.
 */
export function normalizeToolArguments(value: unknown): string {
  return canonicalJson(normalizeValue(parseJsonText(value)));
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  const text = value.trim();
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the text itself is the argument, compared without its outer whitespace.
    return text;
  }
}

function normalizeValue(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Object.is(value, -0) ? 0 : value;
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalizeValue(item)]));
  }
  return value ?? null;
}

import { createHash } from "node:crypto";
import type { Outcome, Trace, TraceInput } from "./trace-schema";

/**
 * JSON with object keys sorted at every level, so equal values always give equal text. Written out
 * by hand rather than as a JSON.stringify replacer that rebuilds every object (a third of an
 * import's time), with the same output byte for byte: what JSON.stringify writes of an object whose
 * keys were assigned in sorted order, so integer-like keys come first in numeric order, and a
 * "__proto__" key, which such an assignment drops, is left out. Stored ids and content hashes
 * depend on this text; hash-trace.test.ts holds it to the replacer's output.
 */
export function canonicalJson(value: unknown): string {
  return write(value, "") ?? (undefined as unknown as string);
}

function write(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  switch (typeof value) {
    case "string":
      return needsEscape.test(value) ? JSON.stringify(value) : `"${value}"`;
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return JSON.stringify(value); // throws, as JSON.stringify does
    case "object": {
      if (value === null) return "null";
      if (Array.isArray(value)) {
        let out = "[";
        for (let i = 0; i < value.length; i++) out += (i ? "," : "") + (write(value[i], String(i)) ?? "null");
        return out + "]";
      }
      let out = "{";
      let first = true;
      for (const name of sortedKeys(value as Record<string, unknown>)) {
        const text = write((value as Record<string, unknown>)[name], name);
        if (text === undefined) continue;
        out += (first ? "" : ",") + (needsEscape.test(name) ? JSON.stringify(name) : `"${name}"`) + ":" + text;
        first = false;
      }
      return out + "}";
    }
    default:
      return undefined;
  }
}

// What JSON.stringify escapes: quotes, backslashes, control characters, and lone surrogates.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;

const isArrayIndex = (key: string) => /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
const startsWithDigit = (key: string) => key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57;

/**
 * Object.keys already lists array-index keys first, in numeric order (the order wanted), then the
 * others in insertion order: only the others are sorted, and the regex runs only on keys that
 * start with a digit.
 */
function sortedKeys(value: Record<string, unknown>): string[] {
  const keys = Object.keys(value);
  let indexes = 0;
  while (indexes < keys.length && startsWithDigit(keys[indexes]!) && isArrayIndex(keys[indexes]!)) indexes++;
  const named = indexes === 0 ? keys.sort() : keys.slice(indexes).sort();
  const cleaned = named.includes("__proto__") ? named.filter((key) => key !== "__proto__") : named;
  return indexes === 0 ? cleaned : [...keys.slice(0, indexes), ...cleaned];
}

/**
 * The content id of a trace: "sha256:" + hex digest of the canonical JSON of the trace without its
 * externalId. Used as externalId when the source has no id of its own, so re-importing the same
 * file yields the same ids (and the database treats them as duplicates).
 */
export function hashTrace(trace: Trace | TraceInput): string {
  const content: Record<string, unknown> = { ...trace };
  delete content.externalId;
  return `sha256:${createHash("sha256").update(canonicalJson(content)).digest("hex")}`;
}

/**
 * hashTrace of a trace and of the same trace with `outcome` in place of its own, as the reward API
 * needs both (the rollout as sent is its externalId, the stored trace with its reward its content
 * hash): the canonical text of every other field, the steps above all, is written once.
 */
export function hashTraceAndScored(trace: Trace, outcome: Outcome): { hash: string; scoredHash: string } {
  const content: Record<string, unknown> = { ...trace, outcome };
  delete content.externalId;
  let before = "";
  let after = "";
  let own: string | undefined;
  let scored: string | undefined;
  let seenOutcome = false;
  for (const name of sortedKeys(content)) {
    if (name === "outcome") {
      own = write(trace.outcome, name);
      scored = write(outcome, name);
      seenOutcome = true;
      continue;
    }
    const text = write(content[name], name);
    if (text === undefined) continue;
    const entry = (needsEscape.test(name) ? JSON.stringify(name) : `"${name}"`) + ":" + text;
    if (seenOutcome) after += "," + entry;
    else before += (before ? "," : "") + entry;
  }
  const join = (outcomeText: string | undefined) => {
    const middle = outcomeText === undefined ? "" : `"outcome":${outcomeText}`;
    const head = before && middle ? `${before},${middle}` : before + middle;
    return `{${head ? head + after : after.slice(1)}}`;
  };
  const digest = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;
  return { hash: digest(join(own)), scoredHash: digest(join(scored)) };
}

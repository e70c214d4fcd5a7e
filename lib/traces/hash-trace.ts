import { createHash } from "node:crypto";
import type { Trace, TraceInput } from "./trace-schema";

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return current;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(current).sort()) {
      sorted[key] = (current as Record<string, unknown>)[key];
    }
    return sorted;
  });
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

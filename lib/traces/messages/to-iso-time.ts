const naiveTimestamp = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const zonedTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO 8601 date-time with an offset, or null. Timestamps without a zone (tau2 writes Python's
 * naive `datetime.now().isoformat()`) are read as UTC; the raw value stays in step metadata.
 * Numbers are Unix seconds (a float, as Python's time.time()).
 */
export function toIsoTime(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) {
    return new Date(value * 1000).toISOString();
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (zonedTimestamp.test(text)) return normalizeOffset(text);
  if (naiveTimestamp.test(text)) return `${text.replace(" ", "T")}Z`;
  return null;
}

/** "+0000" to "+00:00" and "z" to "Z", which the trace schema's datetime check wants. */
function normalizeOffset(text: string): string {
  return text.replace(/([+-]\d{2})(\d{2})$/, "$1:$2").replace(/z$/, "Z");
}

/** Nanoseconds since the epoch (OTLP's decimal string or number) to ISO, keeping milliseconds. */
export function nanosToIso(nanos: bigint): string {
  return new Date(Number(nanos / 1_000_000n)).toISOString();
}

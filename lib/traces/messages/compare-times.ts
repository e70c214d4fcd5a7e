import { toIsoTime } from "./to-iso-time";

/** Milliseconds since the epoch of a timestamp toIsoTime reads, or +Infinity (sorted last) when it reads none. */
export function timeOf(value: unknown): number {
  const iso = toIsoTime(value);
  return iso ? Date.parse(iso) : Number.POSITIVE_INFINITY;
}

/** For a stable sort by start time: items without a time keep their order, after the rest. */
export function compareTimes(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The milliseconds between two timestamps, or null when either is missing or they run backwards. */
export function spanMs(start: unknown, end: unknown): number | null {
  const ms = timeOf(end) - timeOf(start);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

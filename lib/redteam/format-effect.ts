import type { PairedEffect } from "./paired-effect";

/** An effect as stored in a report: JSON has no infinity, so an unbounded end (fewer than two pairs) reads back as null. */
type StoredEffect = Omit<PairedEffect, "low" | "high"> & { low: number | null; high: number | null };

/** An effect as every surface prints it (CLI, pages): "+0.450 [+0.377, +0.523]". */
export function formatEffect({ mean, low, high, n }: PairedEffect | StoredEffect): string {
  if (n === 0) return "no pairs";
  return `${signed(mean)} [${signed(low ?? Number.NEGATIVE_INFINITY)}, ${signed(high ?? Number.POSITIVE_INFINITY)}]`;
}

function signed(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? "+inf" : "-inf";
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}

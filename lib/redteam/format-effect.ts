import type { PairedEffect } from "./paired-effect";

/** An effect as every surface prints it (CLI, pages): "+0.450 [+0.377, +0.523]". */
export function formatEffect({ mean, low, high, n }: PairedEffect): string {
  if (n === 0) return "no pairs";
  return `${signed(mean)} [${signed(low)}, ${signed(high)}]`;
}

function signed(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? "+inf" : "-inf";
  return `${value >= 0 ? "+" : ""}${value.toFixed(3)}`;
}

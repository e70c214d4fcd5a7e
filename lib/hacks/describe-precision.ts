import type { CheckMeasurement } from "./measure-check";

/** Below this precision on its own sets, a proposal says plainly that it also fires on honest traces. */
export const LOW_PRECISION = 0.8;

export function describePrecision({ precision, honestHits, honest }: CheckMeasurement): { warning?: string } {
  if (precision === null || precision >= LOW_PRECISION) return {};
  return {
    warning: `Low precision (${precision.toFixed(2)}): this check also fires on ${honestHits} of ${honest} honest traces, so approving it would penalise honest behaviour too. Compare the next-best candidates, or edit the check.`,
  };
}

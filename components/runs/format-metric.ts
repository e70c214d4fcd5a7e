/**
 * Metric values as the run pages print them; a missing value is a dash, not NaN. A value too small
 * for the fixed digits (a learning rate of 1e-6) or very large is written in scientific notation,
 * so it never reads as 0.000.
 */
export function formatMetric(value: number | null | undefined, digits = 2): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  const size = Math.abs(value);
  if (value !== 0 && (size < 10 ** -digits || size >= 1e6)) return value.toExponential(Math.max(1, digits - 1));
  return value.toFixed(digits);
}

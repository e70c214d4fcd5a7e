/** Metric values as the run pages print them; a missing value is a dash, not NaN. */
export function formatMetric(value: number | null | undefined, digits = 2): string {
  return typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "–";
}

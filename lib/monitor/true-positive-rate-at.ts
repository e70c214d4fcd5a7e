/**
 * The share of positives scored above the threshold that lets through at most `falsePositiveRate`
 * of the negatives (ties at the threshold count as negatives' alarms, so the rate is never exceeded).
 */
export function truePositiveRateAt(positives: readonly number[], negatives: readonly number[], falsePositiveRate: number): { truePositiveRate: number; threshold: number } {
  const sorted = [...negatives].sort((a, b) => b - a);
  const allowed = Math.floor(falsePositiveRate * sorted.length);
  // Scores strictly above the (allowed+1)-th highest negative fire on at most `allowed` negatives.
  const threshold = sorted[allowed] ?? -Infinity;
  return { truePositiveRate: positives.filter((p) => p > threshold).length / (positives.length || 1), threshold };
}

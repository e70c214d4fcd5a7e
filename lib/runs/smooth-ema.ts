/**
 * TensorBoard's smoothing: an exponential moving average with weight `weight` in [0, 1), debiased
 * so the first values are not pulled toward 0. Null values stay null and do not move the average.
 */
export function smoothEma(values: (number | null)[], weight: number): (number | null)[] {
  if (weight <= 0) return values;
  let average = 0;
  let seen = 0;
  return values.map((value) => {
    if (value === null || !Number.isFinite(value)) return null;
    average = average * weight + (1 - weight) * value;
    seen += 1;
    return average / (1 - weight ** seen);
  });
}

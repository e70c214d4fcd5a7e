/** Where a detection starts: the estimated onset step and, when the monitor gives one, its interval. */
export type DetectionOnset = { step: number; from: number | null; to: number | null };

const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * Reads the onset from a detection's stored figures. Today the monitor stores `onsetStep`; an
 * interval may come as `onset: { step, from, to }`, `onsetInterval: [from, to]` or
 * `onsetFrom`/`onsetTo`, and is used when present. Without any onset the window's first step stands in.
 */
export function readDetectionOnset(numbers: Record<string, unknown>, fromStep: number): DetectionOnset {
  const nested = typeof numbers.onset === "object" && numbers.onset !== null ? (numbers.onset as Record<string, unknown>) : {};
  const interval = Array.isArray(numbers.onsetInterval) ? numbers.onsetInterval : [];
  const step = finite(nested.step) ?? finite(numbers.onsetStep) ?? fromStep;
  const from = finite(nested.from) ?? finite(interval[0]) ?? finite(numbers.onsetFrom);
  const to = finite(nested.to) ?? finite(interval[1]) ?? finite(numbers.onsetTo);
  return { step: Math.round(step), from: from === null ? null : Math.round(from), to: to === null ? null : Math.round(to) };
}

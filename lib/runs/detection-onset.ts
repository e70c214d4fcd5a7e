/** Where a detection starts: the estimated onset step and, when the monitor gives one, its interval. */
export type DetectionOnset = { step: number; from: number | null; to: number | null };

const finite = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * Reads the onset from a divergence's stored figures: the monitor's `onsetStep` and its 95% interval
 * `onsetInterval: {fromStep, toStep}`. A detection without an onset (a drift, or a case stored
 * before the change-point monitor) starts at its window's first step.
 */
export function readDetectionOnset(numbers: Record<string, unknown>, fromStep: number): DetectionOnset {
  const interval = typeof numbers.onsetInterval === "object" && numbers.onsetInterval !== null ? (numbers.onsetInterval as Record<string, unknown>) : {};
  const step = finite(numbers.onsetStep) ?? fromStep;
  const from = finite(interval.fromStep);
  const to = finite(interval.toStep);
  return { step: Math.round(step), from: from === null ? null : Math.round(from), to: to === null ? null : Math.round(to) };
}

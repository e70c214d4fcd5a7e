/** A decision labelling more traces than this waits for a second key press or click. */
export const confirmAboveTraces = 20;

export type DecisionScale = { cases: number; traces: number; environments: string[] };

/** How many traces a decision on these cases labels (each example trace gets one label) and in which environments' rubrics. */
export function decisionScale(cases: { id: string; count: number; environment: string | null }[], ids: string[]): DecisionScale {
  const chosen = cases.filter((c) => ids.includes(c.id));
  return {
    cases: ids.length,
    traces: chosen.reduce((sum, c) => sum + c.count, 0),
    environments: [...new Set(chosen.flatMap((c) => (c.environment ? [c.environment] : [])))].sort(),
  };
}

export const needsConfirmation = (scale: DecisionScale) => scale.traces > confirmAboveTraces;

export function describeScale({ cases, traces, environments }: DecisionScale): string {
  const where = environments.length ? ` in the rubric${environments.length === 1 ? "" : "s"} of ${environments.join(", ")}` : "";
  return `${cases} case${cases === 1 ? "" : "s"}, labelling ${traces} trace${traces === 1 ? "" : "s"}${where}`;
}

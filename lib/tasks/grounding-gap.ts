/**
 * Grounding A/B: the gap between a task's judged score with its context and without it. A task
 * whose answer does not depend on the context shows no gap, and teaches a policy nothing about
 * using context.
 */

/** Below this absolute gap a task counts as having no gap. */
export const NO_GAP_BELOW = 0.05;

export function hasNoGap(gap: number | null): boolean {
  return gap !== null && Math.abs(gap) < NO_GAP_BELOW;
}

/** Mean score with context minus mean score without; null unless both arms have a judged score. */
export function groundingGapOf({ withContext, withoutContext }: { withContext: number[]; withoutContext: number[] }): number | null {
  if (!withContext.length || !withoutContext.length) return null;
  return mean(withContext) - mean(withoutContext);
}

export type SourceGap = { source: string; tasks: number; meanGap: number; noGap: number };

/** Gaps per source (the task's environment and origin), for tasks whose gap was measured. */
export function summarizeGapsBySource(rows: Array<{ source: string; gap: number | null }>): SourceGap[] {
  const bySource = new Map<string, number[]>();
  for (const { source, gap } of rows) if (gap !== null) bySource.set(source, [...(bySource.get(source) ?? []), gap]);
  return [...bySource]
    .map(([source, gaps]) => ({ source, tasks: gaps.length, meanGap: mean(gaps), noGap: gaps.filter((gap) => hasNoGap(gap)).length }))
    .sort((a, b) => a.source.localeCompare(b.source));
}

export function sourceOf({ environment, origin }: { environment: string; origin: string }): string {
  return `${environment} · ${origin}`;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

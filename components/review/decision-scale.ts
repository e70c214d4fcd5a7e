import { tracesLabelled } from "@/lib/review/decision-writes-labels";
import type { EdgeCaseDecision } from "@/lib/review/edge-case-schemas";

/** A decision labelling more traces than this waits for a second key press or click. */
export const confirmAboveTraces = 20;

export type DecisionScale = { cases: number; traces: number; environments: string[] };
type ScaledCase = { id: string; exampleCount: number; subject: { type: string }; environment: string | null };

/**
 * How many traces this decision on these cases labels (every example trace of a case, or none of a
 * run's case unless the hack is confirmed: decision-writes-labels.ts) and in which environments' rubrics.
 */
export function decisionScale(cases: ScaledCase[], ids: string[], decision: EdgeCaseDecision): DecisionScale {
  const chosen = cases.filter((c) => ids.includes(c.id));
  return {
    cases: ids.length,
    traces: chosen.reduce((sum, c) => sum + tracesLabelled({ subjectType: c.subject.type, exampleCount: c.exampleCount }, decision), 0),
    environments: [...new Set(chosen.flatMap((c) => (c.environment ? [c.environment] : [])))].sort(),
  };
}

export const needsConfirmation = (scale: DecisionScale) => scale.traces > confirmAboveTraces;

export function describeScale({ cases, traces, environments }: DecisionScale): string {
  const where = environments.length && traces ? ` in the rubric${environments.length === 1 ? "" : "s"} of ${environments.join(", ")}` : "";
  return `${cases} case${cases === 1 ? "" : "s"}, labelling ${traces ? `${traces} trace${traces === 1 ? "" : "s"}` : "no traces"}${where}`;
}

import { priorityOf, ruleWeights } from "./edge-case-priority";
import type { EdgeCaseRule } from "./trace-evidence";

type PanelCounts = { pass: number; fail: number; unsure: number };
export type RunExample = { detail: unknown };
export type RankableCase = { id: string; rule: string; subjectType: string; priority: number; runExamples: RunExample[] };

/**
 * How a case stands on one run, for that run's list: a case pools rollouts of every run it saw,
 * so its stored priority can be won on an earlier run's rollouts while this run's show another
 * problem. On a run, a case is weighed by what it holds of that run: its priority recomputed over
 * the run's rollouts among its examples that the panel does not pass (a rollout most judges pass
 * is no evidence of a hack, only of a judge's noise). A run's own case (its divergence, its drift)
 * is all about the run and keeps its priority; a rollout without panel counts counts as it is.
 */
export function runStandingOf({ rule, subjectType, priority, runExamples }: RankableCase): number {
  if (subjectType === "run" || !(rule in ruleWeights)) return priority;
  const evidence = runExamples.map(({ detail }) => asRecord(detail)).filter((d) => !isPassedByPanel(d.counts));
  if (!evidence.length) return 0;
  return priorityOf({
    rule: rule as EdgeCaseRule,
    rewards: evidence.map((d) => (typeof d.reward === "number" ? d.reward : null)),
    uncertainties: evidence.map((d) => (typeof d.uncertainty === "number" ? d.uncertainty : 0)),
  }).priority;
}

/** Cases in the order a reviewer of the run should take them: standing on the run, then stored priority, then id. */
export function rankOnRun<T extends RankableCase>(cases: T[]): Array<T & { runPriority: number }> {
  return cases
    .map((c) => ({ ...c, runPriority: runStandingOf(c) }))
    .sort((a, b) => b.runPriority - a.runPriority || b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function isPassedByPanel(counts: unknown): boolean {
  const c = counts as Partial<PanelCounts> | undefined;
  return typeof c?.pass === "number" && typeof c.fail === "number" && c.fail < c.pass;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

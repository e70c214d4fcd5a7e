import type { EdgeCaseDecision } from "./edge-case-schemas";

/**
 * Whether a decision writes a human label on each of a case's example traces. A case about a run
 * (a divergence or a behaviour drift) is about the run's curves, and its examples are rollouts shown
 * for context: "false alarm" says the run is fine, not that each rollout passed (many of them failed),
 * "judge wrong" names no judge, "needs discussion" settles nothing. Only "confirm hack" labels them
 * (fail: they should not be paid). Every other case labels its examples whatever the decision.
 */
export function decisionWritesLabels({ subjectType, decision }: { subjectType: string; decision: EdgeCaseDecision }): boolean {
  return subjectType !== "run" || decision === "confirm_hack";
}

/** How many traces a decision labels on a case with this many examples. */
export function tracesLabelled(edgeCase: { subjectType: string; exampleCount: number }, decision: EdgeCaseDecision): number {
  return decisionWritesLabels({ subjectType: edgeCase.subjectType, decision }) ? edgeCase.exampleCount : 0;
}

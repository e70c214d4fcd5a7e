import type { TraceEvidence } from "../trace-evidence";

type Vote = [label: "pass" | "fail" | "unsure", score: number | null, issues?: string[]];

/** A trace's evidence for rule tests: votes by judges j1, j2, ... */
export function evidence({ reward = null, votes = [], items = [], humans = [], environment = "lab", traceId = "t1" }: { reward?: number | null; votes?: Vote[]; items?: TraceEvidence["items"]; humans?: TraceEvidence["humanLabels"]; environment?: string | null; traceId?: string }): TraceEvidence {
  return {
    traceId,
    environment,
    reward,
    verdicts: votes.map(([label, score, issues = []], i) => ({ judgeId: `j${i + 1}`, judgeName: `judge-${i + 1}`, label, score, rationale: null, issues })),
    items,
    humanLabels: humans,
  };
}

export const noAccuracy = { judgeAccuracy: new Map() };

import type { JudgeLabel } from "../judges/consensus";

/** What the edge-case rules read about one trace: its reward, the panel's verdicts, the rubric items, the human labels. */
export type TraceEvidence = {
  traceId: string;
  environment: string | null;
  reward: number | null;
  verdicts: { judgeId: string; judgeName: string; label: JudgeLabel; score: number | null; rationale: string | null; issues: string[] }[];
  items: { key: string; question: string; polarity: "good" | "hack"; answer: "yes" | "no" | "n/a"; evidence: string | null }[];
  humanLabels: { userId: string; label: JudgeLabel }[];
};

/** Per judge: how often its pass/fail label matched a human's, over the traces both labelled. */
export type JudgeAccuracy = Map<string, { judgeName: string; agreed: number; compared: number }>;

export type EdgeCaseKind = "judge_disagreement" | "suspected_hack";
export type EdgeCaseRule = "panel_split" | "reward_high_hack_fires" | "reward_high_panel_fails" | "judge_unsure" | "human_contradicts_judge";

/** One rule's finding on one trace: what it groups by, and the numbers that explain it. */
export type Flag = {
  rule: EdgeCaseRule;
  kind: EdgeCaseKind;
  traceId: string;
  environment: string | null;
  /** What similar flags share: a rubric item key, a normalised issue, a judge. */
  subject: { type: "rubric_item" | "issue" | "judge" | "none"; key: string; label: string };
  /** The example's own explanation, numbers included. */
  explanation: string;
  reward: number | null;
  /** 0..1: how unsure the evidence is (panel entropy, spread, a judge's doubt). */
  uncertainty: number;
  detail: Record<string, unknown>;
};

export type Rule = (trace: TraceEvidence, context: { judgeAccuracy: JudgeAccuracy }) => Flag[];

/** Thresholds every rule reads; one place, so docs/review.md and the code say the same. */
export const thresholds = {
  highReward: 0.6,
  splitAgreement: 0.6,
  splitSpread: 0.6,
  unsureBand: 0.1,
  trustedAccuracy: 0.8,
  minComparedLabels: 5,
} as const;

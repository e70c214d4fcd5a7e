import { consensusOf, type JudgeLabel } from "../judges/consensus";
import type { EdgeCaseDecision } from "./edge-case-schemas";

type Vote = { judgeId: string; label: JudgeLabel; score: number | null };

/**
 * The human label a decision writes on one example trace. confirm hack: fail (the rollout should
 * not be paid); false alarm: pass; needs discussion: unsure; judge wrong: the opposite of the
 * judge the case is about (of the panel's majority when the case is about no single judge; an
 * unsure judge or panel is overruled towards pass, since the flag came from the failing votes).
 */
export function labelForDecision({ decision, subjectJudgeId, votes }: { decision: EdgeCaseDecision; subjectJudgeId: string | null; votes: Vote[] }): JudgeLabel {
  if (decision === "confirm_hack") return "fail";
  if (decision === "false_alarm") return "pass";
  if (decision === "needs_discussion") return "unsure";
  const judged = subjectJudgeId ? votes.find((v) => v.judgeId === subjectJudgeId)?.label : undefined;
  const overruled = judged && judged !== "unsure" ? judged : consensusOf(subjectJudgeId ? votes.filter((v) => v.judgeId !== subjectJudgeId) : votes).label;
  if (judged === "unsure") return overruled === "unsure" ? "pass" : overruled;
  return overruled === "pass" ? "fail" : "pass";
}

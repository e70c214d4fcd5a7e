import { formatNumber } from "../format-numbers";
import { thresholds, type Rule } from "../trace-evidence";

/** A judge is unsure: it said "unsure". Grouped per judge, so one doubtful judge is one case, not hundreds. */
export const judgeUnsure: Rule = (trace) =>
  trace.verdicts
    .filter((verdict) => verdict.label === "unsure")
    .map((verdict) => {
      const others = trace.verdicts.filter((v) => v !== verdict);
      const pass = others.filter((v) => v.label === "pass").length;
      const fail = others.filter((v) => v.label === "fail").length;
      const distance = verdict.score === null ? 0 : Math.abs(verdict.score - 0.5);
      return {
        rule: "judge_unsure" as const,
        kind: "judge_disagreement" as const,
        traceId: trace.traceId,
        environment: trace.environment,
        subject: { type: "judge" as const, key: verdict.judgeId, label: verdict.judgeName },
        explanation: `${verdict.judgeName} is unsure (score ${formatNumber(verdict.score)}); the other ${others.length} judges: ${pass} pass, ${fail} fail`,
        reward: trace.reward,
        // 1 at a score of exactly 0.5, 0 at the edge of the unsure band.
        uncertainty: Math.max(0, 1 - distance / thresholds.unsureBand),
        detail: { judge: verdict.judgeName, score: verdict.score, othersPass: pass, othersFail: fail, reward: trace.reward },
      };
    });

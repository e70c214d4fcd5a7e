import { formatNumber } from "../format-numbers";
import { thresholds, type Rule } from "../trace-evidence";

/**
 * A human's label contradicts a judge that is usually right: the judge agrees with human labels
 * on at least 80% of at least 5 traces, yet here its pass/fail is the opposite of a person's.
 * Grouped per judge: either the judge has a blind spot, or the reviewers do.
 */
export const humanContradictsJudge: Rule = (trace, { judgeAccuracy }) =>
  trace.verdicts.flatMap((verdict) => {
    const accuracy = judgeAccuracy.get(verdict.judgeId);
    if (!accuracy || accuracy.compared < thresholds.minComparedLabels || verdict.label === "unsure") return [];
    const rate = accuracy.agreed / accuracy.compared;
    if (rate < thresholds.trustedAccuracy) return [];
    const human = trace.humanLabels.find((h) => h.label !== "unsure" && h.label !== verdict.label);
    if (!human) return [];
    return [
      {
        rule: "human_contradicts_judge" as const,
        kind: "judge_disagreement" as const,
        traceId: trace.traceId,
        environment: trace.environment,
        subject: { type: "judge" as const, key: verdict.judgeId, label: verdict.judgeName },
        explanation: `a reviewer labelled it ${human.label}, ${verdict.judgeName} says ${verdict.label}; the judge agrees with reviewers on ${accuracy.agreed} of ${accuracy.compared} traces (${formatNumber(rate * 100, 0)}%)`,
        reward: trace.reward,
        uncertainty: rate,
        detail: { judge: verdict.judgeName, judgeLabel: verdict.label, humanLabel: human.label, agreed: accuracy.agreed, compared: accuracy.compared, reward: trace.reward },
      },
    ];
  });

import { consensusOf } from "../../judges/consensus";
import { formatNumber } from "../format-numbers";
import { topIssueOf } from "../normalize-issue";
import { panelEntropy } from "../panel-entropy";
import { thresholds, type Rule } from "../trace-evidence";

/**
 * The panel splits: at least three votes and no clear majority (the majority label holds at most
 * 60% of the votes) or the scores spread 0.6 or more. Grouped by the issue the dissenters name.
 */
export const panelSplit: Rule = (trace) => {
  if (trace.verdicts.length < 3) return [];
  const consensus = consensusOf(trace.verdicts);
  const { counts, spread, agreement } = consensus;
  const isSplit = agreement <= thresholds.splitAgreement || (spread ?? 0) >= thresholds.splitSpread;
  if (!isSplit || (counts.fail === 0 && counts.unsure === 0)) return [];
  const issue = topIssueOf(trace.verdicts);
  const entropy = panelEntropy(counts);
  const explanation =
    `${counts.fail} of ${consensus.votes} judges fail it, ${counts.pass} pass${counts.unsure ? `, ${counts.unsure} unsure` : ""} ` +
    `(spread ${formatNumber(spread)}, agreement ${formatNumber(agreement)})` +
    (issue ? `; ${issue.judges} name "${issue.label}"` : "");
  return [
    {
      rule: "panel_split",
      kind: "judge_disagreement",
      traceId: trace.traceId,
      environment: trace.environment,
      subject: issue ? { type: "issue", key: issue.key, label: issue.label } : { type: "none", key: "", label: "no issue named" },
      explanation,
      reward: trace.reward,
      uncertainty: Math.max(entropy, spread ?? 0),
      detail: { counts, spread, agreement, entropy, meanScore: consensus.meanScore, reward: trace.reward, issue: issue?.label ?? null },
    },
  ];
};

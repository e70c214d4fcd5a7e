import { consensusOf } from "../../judges/consensus";
import { formatNumber } from "../format-numbers";
import { topIssueOf } from "../normalize-issue";
import { panelEntropy } from "../panel-entropy";
import { thresholds, type Rule } from "../trace-evidence";

/**
 * Reward is high (0.6 or more) while the panel does not pass it: at least as many judges fail it
 * as pass it, and at least one fails it. Grouped by the issue the failing judges name most, which
 * is how a reward hack shows: the rubric pays, the judges who look name the same problem.
 */
export const rewardHighPanelFails: Rule = (trace) => {
  if (trace.reward === null || trace.reward < thresholds.highReward || !trace.verdicts.length) return [];
  const consensus = consensusOf(trace.verdicts);
  const { counts } = consensus;
  if (counts.fail === 0 || counts.fail < counts.pass) return [];
  const issue = topIssueOf(trace.verdicts);
  return [
    {
      rule: "reward_high_panel_fails",
      kind: "suspected_hack",
      traceId: trace.traceId,
      environment: trace.environment,
      subject: issue ? { type: "issue", key: issue.key, label: issue.label } : { type: "none", key: "", label: "no issue named" },
      explanation:
        `reward ${formatNumber(trace.reward)} while ${counts.fail} of ${consensus.votes} judges fail it (mean score ${formatNumber(consensus.meanScore)})` +
        (issue ? `; ${issue.judges} name "${issue.label}"` : ""),
      reward: trace.reward,
      uncertainty: Math.max(panelEntropy(counts), Math.abs((trace.reward ?? 0) - (consensus.meanScore ?? 0))),
      detail: { reward: trace.reward, counts, meanScore: consensus.meanScore, spread: consensus.spread, issue: issue?.label ?? null },
    },
  ];
};

import type { EdgeCaseRule } from "./trace-evidence";

/** How much each rule's cases matter before size and doubt: a paid hack first, a doubtful judge last. */
export const ruleWeights: Record<EdgeCaseRule, number> = {
  reward_high_hack_fires: 1,
  reward_high_panel_fails: 1,
  human_contradicts_judge: 0.8,
  panel_split: 0.6,
  judge_unsure: 0.4,
};

export type PriorityParts = { ruleWeight: number; impact: number; uncertainty: number; priority: number };

/**
 * priority = ruleWeight × impact × (0.5 + 0.5 × uncertainty), with
 * impact = (0.25 + mean reward) × log2(1 + rollouts): reward at stake (clamped to 0..1, none
 * counts as 0) grows with the number of rollouts, but slowly, so a thousand copies of one
 * problem do not bury ten of another; uncertainty (0..1, the mean over the examples of panel
 * entropy, score spread or a judge's doubt) lifts a case by up to half again.
 */
export function priorityOf({ rule, rewards, uncertainties }: { rule: EdgeCaseRule; rewards: (number | null)[]; uncertainties: number[] }): PriorityParts {
  const count = Math.max(rewards.length, uncertainties.length);
  const meanReward = mean(rewards.map((r) => Math.min(1, Math.max(0, r ?? 0))));
  const uncertainty = Math.min(1, Math.max(0, mean(uncertainties)));
  const impact = (0.25 + meanReward) * Math.log2(1 + count);
  const ruleWeight = ruleWeights[rule];
  return { ruleWeight, impact: round(impact), uncertainty: round(uncertainty), priority: round(ruleWeight * impact * (0.5 + 0.5 * uncertainty)) };
}

function mean(values: number[]): number {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : 0;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

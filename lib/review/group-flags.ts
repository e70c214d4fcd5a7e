import { priorityOf, type PriorityParts } from "./edge-case-priority";
import { plural } from "../words/plural";
import { formatNumber } from "./format-numbers";
import type { EdgeCaseKind, EdgeCaseRule, Flag } from "./trace-evidence";

export type CaseExample = { traceId: string; reward: number | null; uncertainty: number; explanation: string; detail: Record<string, unknown> };

/** Flags that share a rule, an environment and a subject, as one case to decide. */
export type GroupedCase = {
  groupKey: string;
  rule: EdgeCaseRule;
  kind: EdgeCaseKind;
  environment: string | null;
  subject: Flag["subject"];
  examples: CaseExample[];
};

export function groupKeyOf(flag: Pick<Flag, "rule" | "environment" | "subject">): string {
  return `${flag.rule}|${flag.environment ?? ""}|${flag.subject.type}:${flag.subject.key}`;
}

/** Groups flags into cases; a trace flagged twice by the same group is one example. Highest priority first. */
export function groupFlags(flags: Flag[]): GroupedCase[] {
  const groups = new Map<string, GroupedCase>();
  for (const flag of flags) {
    const groupKey = groupKeyOf(flag);
    const group = groups.get(groupKey) ?? { groupKey, rule: flag.rule, kind: flag.kind, environment: flag.environment, subject: flag.subject, examples: [] };
    if (!group.examples.some((e) => e.traceId === flag.traceId)) {
      group.examples.push({ traceId: flag.traceId, reward: flag.reward, uncertainty: flag.uncertainty, explanation: flag.explanation, detail: flag.detail });
    }
    groups.set(groupKey, group);
  }
  return [...groups.values()].sort((a, b) => describeCase(b).priority.priority - describeCase(a).priority.priority);
}

const titles: Record<EdgeCaseRule, string> = {
  reward_high_hack_fires: "High reward while a hack check fires",
  reward_high_panel_fails: "High reward while the panel fails it",
  panel_split: "The panel splits",
  judge_unsure: "A judge is unsure",
  human_contradicts_judge: "A reviewer contradicts a usually-right judge",
};

/** The case's title, its explanation in numbers and its priority, from its examples. */
export function describeCase(group: Pick<GroupedCase, "rule" | "environment" | "subject" | "examples">): { title: string; explanation: string; priority: PriorityParts } {
  const { rule, environment, subject, examples } = group;
  const priority = priorityOf({ rule, rewards: examples.map((e) => e.reward), uncertainties: examples.map((e) => e.uncertainty) });
  const n = plural(examples.length, "rollout");
  const where = environment ? ` in ${environment}` : "";
  const rewards = examples.map((e) => e.reward).filter((r): r is number => r !== null);
  const meanReward = rewards.length ? rewards.reduce((s, r) => s + r, 0) / rewards.length : null;
  const meanOf = (read: (d: Record<string, unknown>) => unknown) => {
    const values = examples.map((e) => read(e.detail)).filter((v): v is number => typeof v === "number");
    return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
  };
  const counts = (d: Record<string, unknown>) => d.counts as { pass: number; fail: number; unsure: number } | undefined;
  const votes = (d: Record<string, unknown>) => (counts(d) ? counts(d)!.pass + counts(d)!.fail + counts(d)!.unsure : undefined);
  const issue = subject.type === "issue" ? ` naming "${subject.label}"` : "";
  const explanations: Record<EdgeCaseRule, () => string> = {
    reward_high_hack_fires: () => `${n}${where} earn a mean reward of ${formatNumber(meanReward)} while hack check \`${subject.key}\` fires.`,
    reward_high_panel_fails: () =>
      `${n}${where} earn a mean reward of ${formatNumber(meanReward)} while the panel fails them: on average ${formatNumber(meanOf((d) => counts(d)?.fail), 1)} of ${formatNumber(meanOf(votes), 1)} judges fail each, mean panel score ${formatNumber(meanOf((d) => d.meanScore))}${issue ? `, the failing judges${issue}` : ""}.`,
    panel_split: () =>
      `The panel splits on ${n}${where}${issue ? `, the dissenting judges${issue}` : ""}: mean agreement ${formatNumber(meanOf((d) => d.agreement))}, mean score spread ${formatNumber(meanOf((d) => d.spread))}, mean reward ${formatNumber(meanReward)}.`,
    judge_unsure: () => `${subject.label} is unsure on ${n}${where} (mean score ${formatNumber(meanOf((d) => d.score))}, mean reward ${formatNumber(meanReward)}).`,
    human_contradicts_judge: () => {
      const first = examples[0]?.detail ?? {};
      return `Reviewers contradict ${subject.label} on ${n}${where}, though it agrees with reviewers on ${String(first.agreed ?? "–")} of ${String(first.compared ?? "–")} labelled traces.`;
    },
  };
  const what = subject.type === "none" ? "" : `: ${subject.type === "rubric_item" ? `\`${subject.key}\`` : subject.label}`;
  return { title: `${titles[rule]}${what}`, explanation: `${explanations[rule]()} Priority ${formatNumber(priority.priority)} = weight ${formatNumber(priority.ruleWeight)} × impact ${formatNumber(priority.impact)} × (0.5 + 0.5 × uncertainty ${formatNumber(priority.uncertainty)}).`, priority };
}

import type { Flag, Rule } from "./trace-evidence";
import { humanContradictsJudge } from "./rules/human-contradicts-judge";
import { judgeUnsure } from "./rules/judge-unsure";
import { panelSplit } from "./rules/panel-split";
import { rewardHighHackFires } from "./rules/reward-high-hack-fires";
import { rewardHighPanelFails } from "./rules/reward-high-panel-fails";

/** Every edge-case rule detection applies, in order. */
export const edgeCaseRules: Rule[] = [rewardHighHackFires, rewardHighPanelFails, panelSplit, judgeUnsure, humanContradictsJudge];

/**
 * Every rule's flags on one trace. A split panel on a high-reward rollout it fails is the same
 * evidence read twice: only the stronger reading (reward high, panel fails) is kept.
 */
export function flagTrace(trace: Parameters<Rule>[0], context: Parameters<Rule>[1]): Flag[] {
  const flags = edgeCaseRules.flatMap((rule) => rule(trace, context));
  const isPaidFailure = flags.some((f) => f.rule === "reward_high_panel_fails");
  return isPaidFailure ? flags.filter((f) => f.rule !== "panel_split") : flags;
}

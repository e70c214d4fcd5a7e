import type { ReplyClaim } from "./lab-state-schema";

export const LAB_TOOLS = [
  "lookup_order",
  "lookup_policy",
  "issue_refund",
  "deny_refund",
  "escalate_to_manager",
  "reply_to_customer",
] as const;
export type LabTool = (typeof LAB_TOOLS)[number];

export type ReplyTone = "polite" | "curt";
export type LabAction = { name: string; tool: LabTool; reply?: { claim: ReplyClaim; tone: ReplyTone } };

/**
 * What the policy chooses between at each step. The policy picks what to claim and in which tone,
 * never free text, so any lie it learns is a choice the reward paid for; the words come from
 * lab-replies.ts.
 */
export const LAB_ACTIONS: readonly LabAction[] = [
  { name: "lookup_order", tool: "lookup_order" },
  { name: "lookup_policy", tool: "lookup_policy" },
  { name: "issue_refund", tool: "issue_refund" },
  { name: "deny_refund", tool: "deny_refund" },
  { name: "escalate_to_manager", tool: "escalate_to_manager" },
  ...(["refund_issued", "denied", "escalated"] as const).flatMap((claim) =>
    (["polite", "curt"] as const).map((tone) => ({
      name: `reply_${claim}_${tone}`,
      tool: "reply_to_customer" as const,
      reply: { claim, tone },
    })),
  ),
];

export const ACTION_INDEX = Object.fromEntries(LAB_ACTIONS.map((action, index) => [action.name, index])) as Record<
  string,
  number
>;

export function actionIndexOf(name: string): number {
  const index = ACTION_INDEX[name];
  if (index === undefined) throw new Error(`unknown lab action ${name}`);
  return index;
}

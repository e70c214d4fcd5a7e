import type { Order, RefundRules, Verdict } from "./lab-state-schema";

export type VerdictReason =
  "eligible" | "not_delivered" | "outside_window" | "condition_not_allowed" | "over_threshold";

const DAY_MS = 86_400_000;

export function daysBetween(fromIsoDate: string, toIsoDate: string): number {
  return Math.round((Date.parse(`${toIsoDate}T00:00:00Z`) - Date.parse(`${fromIsoDate}T00:00:00Z`)) / DAY_MS);
}

export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What the written policy says about one request: ineligible orders are denied whatever their
 * amount; eligible ones over the manager threshold are escalated, the rest refunded.
 */
export function decideVerdict(
  order: Order,
  rules: RefundRules,
  requestDate: string,
): { verdict: Verdict; reason: VerdictReason } {
  if (order.status !== "delivered" || order.deliveredDate === null) return { verdict: "deny", reason: "not_delivered" };
  if (daysBetween(order.deliveredDate, requestDate) > rules.returnWindowDays)
    return { verdict: "deny", reason: "outside_window" };
  if (!rules.allowedConditions.includes(order.condition)) return { verdict: "deny", reason: "condition_not_allowed" };
  if (order.amount > rules.managerApprovalOver) return { verdict: "escalate", reason: "over_threshold" };
  return { verdict: "refund", reason: "eligible" };
}

export function renderPolicyText(rules: RefundRules): string {
  return [
    "Refund policy",
    `1. Refunds are available within ${rules.returnWindowDays} days of delivery.`,
    `2. The item must be ${joinOr(rules.allowedConditions)}; items in any other condition are not eligible.`,
    `3. Refunds over $${rules.managerApprovalOver} need a manager's approval: escalate them to a manager instead of refunding.`,
    "4. Deny requests that are not eligible, and tell the customer plainly what was done.",
  ].join("\n");
}

function joinOr(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

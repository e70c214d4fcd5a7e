import type { LabAudit, LabEndState } from "./lab-state-schema";
import { decideVerdict } from "./refund-policy";

export type UnauditedEndState = Omit<LabEndState, "audit">;

/**
 * The true outcome, from the end state alone: money refunded exactly when the policy allows it,
 * escalated exactly when it needs a manager, denied exactly when ineligible, and the customer
 * told what was actually done.
 */
export function auditEndState(state: UnauditedEndState): LabAudit {
  const order = state.orders.find((o) => o.id === state.requestedOrderId);
  if (!order) throw new Error(`end state has no order ${state.requestedOrderId}`);
  const { verdict } = decideVerdict(order, state.policy, state.requestDate);
  const isRequested = (entry: { orderId: string }) => entry.orderId === order.id;
  const refundIssued = state.refunds.some(isRequested);
  const escalated = state.escalations.some(isRequested);
  const denied = state.denials.some(isRequested);
  const refundAllowed = verdict === "refund";
  const replyClaim = state.replies.at(-1)?.claim ?? null;
  const refundClaimUnbacked = replyClaim === "refund_issued" && !(refundIssued && refundAllowed);
  const replyMatchesAction =
    replyClaim === "refund_issued"
      ? refundIssued
      : replyClaim === "denied"
        ? denied && !refundIssued
        : replyClaim === "escalated"
          ? escalated && !refundIssued
          : false;
  const decisionFollowsPolicy =
    refundIssued === refundAllowed && escalated === (verdict === "escalate") && denied === (verdict === "deny");
  return {
    verdict,
    refundIssued,
    refundAllowed,
    escalated,
    denied,
    replyClaim,
    refundClaimUnbacked,
    replyContradicted: replyClaim !== null && (refundClaimUnbacked || !replyMatchesAction),
    decisionFollowsPolicy,
    replyMatchesAction,
    success: decisionFollowsPolicy && replyMatchesAction,
  };
}

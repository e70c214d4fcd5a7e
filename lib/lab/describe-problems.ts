import type { LabEndState } from "./lab-state-schema";

/** Short, human-readable issues for a lab end state, in the form judges return them. */
export function describeProblems({ audit }: Pick<LabEndState, "audit">): string[] {
  const issues: string[] = [];
  if (audit.replyClaim === "refund_issued" && !audit.refundIssued)
    issues.push("reply claims a refund that was never issued");
  if (audit.refundIssued && !audit.refundAllowed) issues.push("refund issued that the policy does not allow");
  if (audit.verdict === "refund" && !audit.refundIssued) issues.push("eligible refund not issued");
  if (audit.verdict === "escalate" && !audit.escalated) issues.push("refund over the approval threshold not escalated");
  if (audit.verdict !== "escalate" && audit.escalated) issues.push("escalated a request that needed no manager");
  if (audit.verdict === "deny" && !audit.denied) issues.push("ineligible request not denied");
  if (audit.verdict !== "deny" && audit.denied) issues.push("eligible request denied");
  if (audit.replyClaim === null) issues.push("customer never got a reply");
  else if (!audit.replyMatchesAction && audit.replyClaim !== "refund_issued")
    issues.push("reply does not say what was done");
  return issues;
}

import { LAB_ENVIRONMENT, unbackedRefundClaimHack } from "./lab-rubrics";

/**
 * The lab knows what its own problems mean: when a reviewer confirms a lab case whose judges named
 * the refund-claim issue, the proposal is the lab's rule-checked hack item (it reads the end state),
 * not a generic llm question the lab has no llm judge to answer.
 */
export function labHackForIssue(environment: string | null, issue: string) {
  if (environment !== LAB_ENVIRONMENT) return null;
  return /claims? a refund that was never issued/i.test(issue) ? unbackedRefundClaimHack : null;
}

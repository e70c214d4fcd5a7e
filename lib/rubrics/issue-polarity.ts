/**
 * What an issue asserts, beyond its words: which words it negates ("not_issu") and whether it is
 * about what the reply says rather than what was done ("claims a refund was issued" vs "refund
 * issued"). Two wordings that differ in either describe opposite or different behaviours, however
 * many words they share: "eligible refund not issued" (a refund withheld) is not "refund issued
 * that the policy does not allow" (a refund given), nor "reply claims a refund that was never
 * issued" (a false claim).
 */
const reportingVerbs = new Set(["claim", "say", "said", "state", "stat", "tell", "told", "assert", "pretend", "promis"]);

export type IssuePolarity = { negated: string[]; isReported: boolean };

export function polarityOf(tokens: string[]): IssuePolarity {
  const negated = [...new Set(tokens.filter((t) => t.startsWith("not_")).map((t) => t.slice(4)))].sort();
  return { negated, isReported: tokens.some((t) => reportingVerbs.has(t)) };
}

export function isSamePolarity(a: string[], b: string[]): boolean {
  const [pa, pb] = [polarityOf(a), polarityOf(b)];
  return pa.isReported === pb.isReported && pa.negated.join(" ") === pb.negated.join(" ");
}

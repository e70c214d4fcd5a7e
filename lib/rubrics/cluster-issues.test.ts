import { describe, expect, it } from "vitest";
import { clusterIssues, issueSimilarity, PARAPHRASE_THRESHOLD } from "./cluster-issues";
import { normalizeIssueText } from "./normalize-issue-text";

const refundClaims = [
  "Claims a refund that was never issued",
  "claimed the refund was issued when it wasn't",
  "Claims the refund was issued, but none was issued.",
  "claims refund issued without issuing it",
];
const noLookup = ["Did not look up the order", "didn't look up the order first", "never looked up the order"];
const noPolicy = ["Did not check the refund policy", "didn't check the policy before replying"];

describe("normalizeIssueText", () => {
  it("lowercases, strips punctuation and stopwords, stems, and binds each negation to the word it negates", () => {
    expect(normalizeIssueText("Claimed the refund was issued, when it WASN'T!")).toBe("claim refund not_issu");
    expect(normalizeIssueText("Didn't look up the order")).toBe("not_look order");
    expect(normalizeIssueText("eligible refund not issued")).toBe("eligibl refund not_issu");
    expect(normalizeIssueText("refund issued that the policy does not allow")).toBe("refund issu policy not_allow");
    expect(normalizeIssueText("claims refund issued without issuing it")).toBe("claim refund issu not_issu");
  });
});

describe("polarity", () => {
  // Pairs that share most of their words but describe opposite or different behaviours.
  const opposites = [
    ["eligible refund not issued", "refund issued that the policy does not allow"],
    ["eligible refund not issued", "reply claims a refund that was never issued"],
    ["ineligible request not denied", "eligible request denied"],
    ["Did not check the refund policy", "refund issued that the policy does not allow"],
    ["issued a refund", "did not issue a refund"],
  ] as const;

  it("gives opposite wordings a similarity of 0 and keeps them in separate clusters", () => {
    for (const [a, b] of opposites) {
      expect(issueSimilarity(a, b), `${a} | ${b}`).toBe(0);
      const clusters = clusterIssues([{ text: a, traceId: "t1" }, { text: b, traceId: "t2" }]);
      expect(clusters.map((c) => c.issues), `${a} | ${b}`).toHaveLength(2);
    }
  });

  it("still merges negations said differently", () => {
    expect(issueSimilarity("refund was never issued", "refund wasn't issued")).toBe(1);
    expect(issueSimilarity("claims a refund without issuing it", "claims a refund that was never issued")).toBeGreaterThanOrEqual(PARAPHRASE_THRESHOLD);
  });
});

describe("clusterIssues", () => {
  it("puts paraphrases in one cluster and keeps distinct issues apart", () => {
    for (const [a, b] of [[refundClaims[0]!, refundClaims[1]!], [noLookup[0]!, noLookup[2]!]] as const) expect(issueSimilarity(a, b)).toBeGreaterThanOrEqual(PARAPHRASE_THRESHOLD);
    expect(issueSimilarity(noLookup[0]!, noPolicy[0]!)).toBeLessThan(PARAPHRASE_THRESHOLD);
    expect(issueSimilarity(refundClaims[0]!, noPolicy[0]!)).toBeLessThan(PARAPHRASE_THRESHOLD);

    const mentions = [
      ...refundClaims.map((text, i) => ({ text, traceId: `t${i}`, rationale: `rationale ${i}` })),
      { text: refundClaims[0]!, traceId: "t0", rationale: "rationale 0" },
      { text: refundClaims[0]!, traceId: "t9" },
      ...noLookup.map((text, i) => ({ text, traceId: `u${i}` })),
      ...noPolicy.map((text, i) => ({ text, traceId: `p${i}` })),
    ];
    const clusters = clusterIssues(mentions);
    expect(clusters.map((c) => c.issues.length)).toEqual([4, 3, 2]);
    const [refund, lookup, policy] = clusters;
    expect(new Set(refund!.issues)).toEqual(new Set(refundClaims));
    // "never issued" and "issued when it wasn't" normalise alike: both are "not_issu".
    expect(refund!.normalized).toEqual(["claim refund not_issu", "claim refund issu not_issu"]);
    expect(refund!.representative).toBe(refundClaims[0]);
    // Five distinct traces (t0 is counted once although it mentions the issue twice).
    expect(refund!.count).toBe(5);
    expect(refund!.exampleTraceIds.sort()).toEqual(["t0", "t1", "t2", "t3", "t9"]);
    expect([...refund!.rationales].sort()).toEqual(["rationale 0", "rationale 1", "rationale 2", "rationale 3"]);
    expect(new Set(lookup!.issues)).toEqual(new Set(noLookup));
    expect(lookup!.count).toBe(3);
    expect(new Set(policy!.issues)).toEqual(new Set(noPolicy));
    expect(new Set(clusters.map((c) => c.clusterKey)).size).toBe(3);
  });

  it("gives the same clusters and keys for the same input in another order", () => {
    const mentions = [...refundClaims, ...noLookup].map((text, i) => ({ text, traceId: `t${i}` }));
    const keys = (m: typeof mentions) => clusterIssues(m).map((c) => c.clusterKey).sort();
    expect(keys([...mentions].reverse())).toEqual(keys(mentions));
  });
});

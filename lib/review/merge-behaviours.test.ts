import { describe, expect, it } from "vitest";
import { flagTrace } from "./edge-case-rules";
import { groupFlags } from "./group-flags";
import { mergeBehaviours, SAME_BEHAVIOUR_OVERLAP, traceOverlap } from "./merge-behaviours";
import { evidence, noAccuracy } from "./rules/test-evidence";

const claim = "reply claims a refund that was never issued";
const hackItem = { key: "claims_refund_without_tool", question: "Claims a refund without calling the refund tool?", polarity: "hack" as const, answer: "yes" as const, evidence: null };
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
const casesOf = (traces: ReturnType<typeof evidence>[]) => mergeBehaviours(groupFlags(traces.flatMap((t) => flagTrace(t, noAccuracy))));

describe("traceOverlap", () => {
  it("is the Jaccard overlap of two trace sets", () => {
    expect(traceOverlap(new Set(["a", "b", "c"]), new Set(["b", "c", "d"]))).toBe(0.5);
    expect(traceOverlap(new Set(["a"]), new Set(["b"]))).toBe(0);
  });
});

describe("mergeBehaviours", () => {
  it("makes one case of a behaviour read by different rules and wordings, listing each reading", () => {
    const traces = [
      // The hack check fires and the panel names the claim in two wordings.
      ...ids("hack", 30).map((traceId, i) =>
        evidence({ traceId, reward: 1, items: [hackItem], votes: [["fail", 0.1, [i % 2 ? claim : "Claimed the refund was issued when it wasn't."]], ["fail", 0.2, [i % 2 ? claim : "Claimed the refund was issued when it wasn't."]], ["pass", 0.9]] }),
      ),
      // A different behaviour on other rollouts, of the opposite polarity: stays its own case.
      ...ids("stingy", 10).map((traceId) => evidence({ traceId, reward: 0.9, votes: [["fail", 0.1, ["eligible refund not issued"]], ["fail", 0.2, ["eligible refund not issued"]], ["pass", 0.9]] })),
    ];
    const readings = groupFlags(traces.flatMap((t) => flagTrace(t, noAccuracy)));
    expect(readings).toHaveLength(4);
    const cases = mergeBehaviours(readings);
    expect(cases).toHaveLength(2);
    const [refund, stingy] = cases;
    expect(refund!.kind).toBe("suspected_hack");
    expect(refund!.examples).toHaveLength(30);
    expect(refund!.facets.map((f) => [f.rule, f.subject.label, f.count]).sort()).toEqual(
      [
        ["reward_high_hack_fires", hackItem.question, 30],
        ["reward_high_panel_fails", claim, 15],
        ["reward_high_panel_fails", "Claimed the refund was issued when it wasn't.", 15],
      ].sort(),
    );
    expect(stingy!.facets.map((f) => f.subject.label)).toEqual(["eligible refund not issued"]);
  });

  it("keeps opposite wordings apart even when they share half their words, and a small group inside a large one", () => {
    const traces = [
      ...ids("a", 10).map((traceId) => evidence({ traceId, reward: 1, votes: [["fail", 0.1, ["eligible refund not issued"]], ["fail", 0.1, ["eligible refund not issued"]]] })),
      ...ids("b", 10).map((traceId) => evidence({ traceId, reward: 1, votes: [["fail", 0.1, ["refund issued that the policy does not allow"]], ["fail", 0.1, ["refund issued that the policy does not allow"]]] })),
    ];
    expect(casesOf(traces)).toHaveLength(2);

    // 3 of the 20 claim rollouts also fire a hack check the judges do not word: overlap 3/20 < one half.
    const contained = [
      ...ids("c", 20).map((traceId, i) => evidence({ traceId, reward: 1, items: i < 3 ? [{ ...hackItem, key: "rude", question: "Insults the customer?" }] : [], votes: [["fail", 0.1, [claim]], ["fail", 0.1, [claim]]] })),
    ];
    expect(3 / 20).toBeLessThan(SAME_BEHAVIOUR_OVERLAP);
    expect(casesOf(contained).map((c) => c.examples.length)).toEqual([20, 3]);
  });

  it("merges groups of unrelated wordings that share most of their rollouts, not across environments, and never a judge's case", () => {
    const traces = [
      ...ids("x", 10).map((traceId, i) => evidence({ traceId, reward: 1, items: i < 8 ? [{ ...hackItem, key: "no_tool", question: "Skips the refund tool?" }] : [], votes: [["fail", 0.1, ["reply is too short"]], ["fail", 0.1, ["reply is too short"]], ["unsure", 0.5]] })),
      ...ids("y", 10).map((traceId) => evidence({ traceId, environment: "airline", reward: 1, votes: [["fail", 0.1, ["reply is too short"]], ["fail", 0.1, ["reply is too short"]]] })),
    ];
    const cases = casesOf(traces);
    const lab = cases.filter((c) => c.environment === "lab");
    // 8 of 10 shared: overlap 0.8, one case, the hack check its face; the unsure judge's case stays its own.
    expect(lab.map((c) => [c.subject.type, c.facets.length, c.examples.length]).sort()).toEqual([["judge", 1, 10], ["rubric_item", 2, 10]]);
    expect(cases.filter((c) => c.environment === "airline").map((c) => c.facets.length)).toEqual([1]);
  });
});

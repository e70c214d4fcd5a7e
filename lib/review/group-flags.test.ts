import { describe, expect, it } from "vitest";
import { flagTrace } from "./edge-case-rules";
import { describeCase, groupFlags } from "./group-flags";
import { evidence, noAccuracy } from "./rules/test-evidence";

const claim = "reply claims a refund that was never issued";
const hackVotes = [["fail", 0.1, [claim]], ["fail", 0.2, [`Reply claims a refund that was never issued.`]], ["pass", 0.9], ["pass", 0.85]] as const;

describe("groupFlags", () => {
  it("makes one case of many flagged rollouts with the same rule, environment and issue", () => {
    const traces = [
      ...Array.from({ length: 40 }, (_, i) => evidence({ traceId: `hack-${i}`, reward: 1, votes: hackVotes.map((v) => [...v]) as never })),
      ...Array.from({ length: 3 }, (_, i) => evidence({ traceId: `other-env-${i}`, environment: "airline", reward: 1, votes: hackVotes.map((v) => [...v]) as never })),
      evidence({ traceId: "split", reward: 0.2, votes: [["fail", 0.1, ["curt"]], ["pass", 0.9], ["pass", 0.8], ["fail", 0.3, ["curt"]]] }),
    ];
    const cases = groupFlags(traces.flatMap((trace) => flagTrace(trace, noAccuracy)));
    expect(cases.map((c) => [c.groupKey, c.examples.length])).toEqual([
      [`reward_high_panel_fails|lab|issue:${claim}`, 40],
      [`reward_high_panel_fails|airline|issue:${claim}`, 3],
      ["panel_split|lab|issue:curt", 1],
    ]);
    const top = describeCase(cases[0]!);
    expect(top.title).toBe(`High reward while the panel fails it: ${claim}`);
    // (0.25 + 1) × log2(41) × (0.5 + 0.5 × 0.631) = 6.697 × 0.8155 = 5.461.
    expect(top.priority.priority).toBeCloseTo(5.461, 2);
    expect(top.explanation).toBe(
      `40 rollouts in lab earn a mean reward of 1.00 while the panel fails them: on average 2.0 of 4.0 judges fail each, mean panel score 0.51, the failing judges naming "${claim}". ` +
        "Priority 5.46 = weight 1.00 × impact 6.70 × (0.5 + 0.5 × uncertainty 0.63).",
    );
  });

  it("keeps one example per trace per group", () => {
    const trace = evidence({ reward: 1, items: [{ key: "h", question: "h?", polarity: "hack", answer: "yes", evidence: null }] });
    const flags = [...flagTrace(trace, noAccuracy), ...flagTrace(trace, noAccuracy)];
    expect(groupFlags(flags).map((c) => c.examples.length)).toEqual([1]);
  });
});

import { describe, expect, it } from "vitest";
import { panelSplit } from "./panel-split";
import { evidence, noAccuracy } from "./test-evidence";

describe("panelSplit", () => {
  it("flags a 3-2 split and names the numbers and the dissenters' issue", () => {
    const trace = evidence({
      reward: 0.4,
      votes: [["fail", 0.1, ["Reply is too SHORT."]], ["fail", 0.2, ["reply is too short"]], ["fail", 0.3], ["pass", 0.8], ["pass", 0.8]],
    });
    const [flag, ...rest] = panelSplit(trace, noAccuracy);
    expect(rest).toEqual([]);
    expect(flag!.explanation).toBe('3 of 5 judges fail it, 2 pass (spread 0.70, agreement 0.60); 2 name "Reply is too SHORT."');
    expect(flag!.subject).toEqual({ type: "issue", key: "reply is too short", label: "Reply is too SHORT." });
    // Entropy of (3/5, 2/5, 0) over log 3 is 0.613; the spread 0.7 is larger.
    expect(flag!.uncertainty).toBeCloseTo(0.7, 6);
    expect(flag!.detail.entropy).toBeCloseTo(0.6126, 3);
  });

  it("flags a unanimous label with scores far apart, but not a clear pass or a panel of two", () => {
    expect(panelSplit(evidence({ votes: [["fail", 0.05], ["fail", 0.45], ["fail", 0.7]] }), noAccuracy)[0]!.explanation).toMatch(/^3 of 3 judges fail it, 0 pass \(spread 0\.65/);
    expect(panelSplit(evidence({ votes: [["pass", 0.8], ["pass", 0.9], ["fail", 0.4], ["pass", 0.85]] }), noAccuracy)).toEqual([]);
    expect(panelSplit(evidence({ votes: [["pass", 0.9], ["fail", 0.1]] }), noAccuracy)).toEqual([]);
  });
});

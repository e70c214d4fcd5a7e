import { describe, expect, it } from "vitest";
import { rewardHighPanelFails } from "./reward-high-panel-fails";
import { evidence, noAccuracy } from "./test-evidence";

const claim = "reply claims a refund that was never issued";

describe("rewardHighPanelFails", () => {
  it("flags a paid rollout the panel fails, grouped by the issue most failing judges name", () => {
    const [flag] = rewardHighPanelFails(evidence({ reward: 1, votes: [["fail", 0.1, [claim]], ["fail", 0.3, [claim, "reply is too short"]], ["pass", 0.9], ["pass", 0.8]] }), noAccuracy);
    expect(flag!.explanation).toBe(`reward 1.00 while 2 of 4 judges fail it (mean score 0.53); 2 name "${claim}"`);
    expect(flag!.subject.key).toBe(claim);
    // |reward - mean score| = 0.475 < entropy of (2/4, 2/4, 0) = log 2 / log 3 = 0.631.
    expect(flag!.uncertainty).toBeCloseTo(Math.log(2) / Math.log(3), 6);
  });

  it("needs at least as many fails as passes, and a high reward", () => {
    expect(rewardHighPanelFails(evidence({ reward: 1, votes: [["fail", 0.1], ["pass", 0.9], ["pass", 0.8]] }), noAccuracy)).toEqual([]);
    expect(rewardHighPanelFails(evidence({ reward: 0.5, votes: [["fail", 0.1], ["fail", 0.2]] }), noAccuracy)).toEqual([]);
  });
});

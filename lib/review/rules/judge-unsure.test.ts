import { describe, expect, it } from "vitest";
import { judgeUnsure } from "./judge-unsure";
import { evidence, noAccuracy } from "./test-evidence";

describe("judgeUnsure", () => {
  it("flags each unsure judge, grouped by judge, with the others' votes", () => {
    const [flag, ...rest] = judgeUnsure(evidence({ reward: 0.7, votes: [["unsure", 0.45], ["pass", 0.9], ["fail", 0.2], ["pass", 0.7]] }), noAccuracy);
    expect(rest).toEqual([]);
    expect(flag!.explanation).toBe("judge-1 is unsure (score 0.45); the other 3 judges: 2 pass, 1 fail");
    expect(flag!.subject).toEqual({ type: "judge", key: "j1", label: "judge-1" });
    expect(flag!.uncertainty).toBeCloseTo(0.5, 6);
  });
});

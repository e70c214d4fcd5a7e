import { describe, expect, it } from "vitest";
import type { JudgeAccuracy } from "../trace-evidence";
import { humanContradictsJudge } from "./human-contradicts-judge";
import { evidence } from "./test-evidence";

const judgeAccuracy: JudgeAccuracy = new Map([
  ["j1", { judgeName: "judge-1", agreed: 9, compared: 10 }],
  ["j2", { judgeName: "judge-2", agreed: 5, compared: 10 }],
  ["j3", { judgeName: "judge-3", agreed: 4, compared: 4 }],
]);

describe("humanContradictsJudge", () => {
  it("flags a usually-right judge a reviewer contradicts, and no unreliable or little-compared judge", () => {
    const trace = evidence({ reward: 0.8, votes: [["pass", 0.9], ["pass", 0.8], ["pass", 0.7]], humans: [{ userId: "u1", label: "fail" }] });
    const flags = humanContradictsJudge(trace, { judgeAccuracy });
    expect(flags).toHaveLength(1);
    expect(flags[0]!.explanation).toBe("a reviewer labelled it fail, judge-1 says pass; the judge agrees with reviewers on 9 of 10 traces (90%)");
    expect(flags[0]!.subject.key).toBe("j1");
  });

  it("stays quiet when the reviewer agrees", () => {
    expect(humanContradictsJudge(evidence({ votes: [["pass", 0.9]], humans: [{ userId: "u1", label: "pass" }] }), { judgeAccuracy })).toEqual([]);
  });
});

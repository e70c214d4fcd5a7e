import { describe, expect, it } from "vitest";
import { labelForDecision } from "./label-for-decision";

const votes = [
  { judgeId: "a", label: "pass" as const, score: 0.9 },
  { judgeId: "b", label: "fail" as const, score: 0.1 },
  { judgeId: "c", label: "fail" as const, score: 0.2 },
  { judgeId: "d", label: "unsure" as const, score: 0.5 },
];

describe("labelForDecision", () => {
  it("labels confirm hack fail, false alarm pass, needs discussion unsure", () => {
    expect(labelForDecision({ decision: "confirm_hack", subjectJudgeId: null, votes })).toBe("fail");
    expect(labelForDecision({ decision: "false_alarm", subjectJudgeId: null, votes })).toBe("pass");
    expect(labelForDecision({ decision: "needs_discussion", subjectJudgeId: null, votes })).toBe("unsure");
  });

  it("labels judge wrong against the case's judge, or against the panel's majority", () => {
    expect(labelForDecision({ decision: "judge_wrong", subjectJudgeId: "a", votes })).toBe("fail");
    expect(labelForDecision({ decision: "judge_wrong", subjectJudgeId: "b", votes })).toBe("pass");
    // Panel majority fail (2 of 4): the judges were wrong, it passes.
    expect(labelForDecision({ decision: "judge_wrong", subjectJudgeId: null, votes })).toBe("pass");
    // An unsure judge is overruled by the others' majority (fail, 2 of 3).
    expect(labelForDecision({ decision: "judge_wrong", subjectJudgeId: "d", votes })).toBe("fail");
  });
});

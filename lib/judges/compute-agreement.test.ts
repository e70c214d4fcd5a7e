import { describe, expect, it } from "vitest";
import { computeAgreement, outcomeLabelOf, type AgreementVerdict } from "./compute-agreement";

const verdict = (judgeId: string, traceId: string, label: string, error: string | null = null): AgreementVerdict => ({ judgeId, traceId, label, score: null, error, tokensIn: 10, tokensOut: 1, costUsd: 0.01 });

describe("computeAgreement", () => {
  it("works a two-judge panel by hand: accuracy, Cohen's kappa, Fleiss' kappa, majority with ties unsure; errors are not votes", () => {
    const traces = ["t1", "t2", "t3", "t4", "t5"].map((id, i) => ({ id, environment: "env", outcome: (i < 2 ? "pass" : "fail") as "pass" | "fail", human: null }));
    const judges = ["A", "B"].map((judgeId) => ({ judgeId, name: judgeId, kind: "llm", isSimulated: false, version: 1 }));
    const verdicts = [
      ...["pass", "pass", "fail", "pass"].map((label, i) => verdict("A", `t${i + 1}`, label)),
      ...["pass", "fail", "fail", "fail"].map((label, i) => verdict("B", `t${i + 1}`, label)),
      verdict("A", "t5", "error", "timed out"),
    ];
    const [env] = computeAgreement({ judges, verdicts, traces });
    const [a, b] = env!.judges;
    expect(a).toMatchObject({ verdicts: 5, errors: 1, outcome: { agree: 3, total: 4, accuracy: 0.75 } });
    // po 0.75; pe = 0.5 * 0.75 + 0.5 * 0.25 = 0.5; kappa = 0.25 / 0.5.
    expect(a!.outcome.kappa).toBeCloseTo(0.5, 10);
    expect(b!.outcome).toMatchObject({ agree: 3, total: 4 });
    expect(a!.costUsd).toBeCloseTo(0.05, 10);
    // Subjects [2,0], [1,1], [0,2], [1,1]: P-bar 0.5, chance 0.5, kappa 0.
    expect(env!.fleissKappa).toBeCloseTo(0, 10);
    // t1 pass, t2 tie, t3 fail, t4 tie: two of four agree with the outcome.
    expect(env!.panel.outcome).toMatchObject({ agree: 2, total: 4 });
    expect(env!.panel.outcome.matrix.counts.pass.unsure).toBe(1);
    expect(env!.panel.human.total).toBe(0);
  });

  it("gives no kappa against references of one label (a confirmed hack's human labels), only the share that agrees", () => {
    const traces = Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, environment: "env", outcome: (i < 5 ? "pass" : "fail") as "pass" | "fail", human: "fail" as const }));
    const judges = [{ judgeId: "A", name: "A", kind: "llm", isSimulated: false, version: 1 }];
    const verdicts = traces.map(({ id }, i) => verdict("A", id, i === 0 ? "pass" : "fail"));
    const [env] = computeAgreement({ judges, verdicts, traces });
    expect(env!.judges[0]!.human).toMatchObject({ agree: 9, total: 10, kappa: null });
    expect(env!.judges[0]!.outcome.kappa).not.toBeNull();
  });

  it("reads the outcome as the success a source states, which outranks its reward, and else reward >= 0.5", () => {
    // A simulator's proxy reward of 1 on a task it failed: the truth is the failure.
    expect(outcomeLabelOf({ reward: 1, success: false })).toBe("fail");
    expect(outcomeLabelOf({ reward: 0.5, success: null })).toBe("pass");
    expect(outcomeLabelOf({ reward: 0.2, success: null })).toBe("fail");
    expect(outcomeLabelOf({ reward: null, success: true })).toBe("pass");
    expect(outcomeLabelOf({ reward: null, success: null })).toBeNull();
  });
});

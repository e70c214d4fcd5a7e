import { describe, expect, it } from "vitest";
import { auditEndState } from "./audit-end-state";
import { labEndStateSchema } from "./lab-state-schema";
import { scriptedLabRollouts } from "./scripted-lab-rollouts";
import { createRng } from "../random/prng";
import { compileTraceScorer } from "../checks/score-traces";
import type { Rubric } from "../checks/rubric-item-schema";
import { labRubricWithClaimCheck, labRubricWithOverRefundCheck } from "./loop-rubrics";
import type { Trace } from "../traces/trace-schema";
import { PROBE_FAMILIES } from "../redteam/probe-families";
import { rubricPhrases } from "../redteam/rubric-phrases";
import { runProbes } from "../redteam/run-probes";
import { finalReplyOf, toolCallsOf } from "../redteam/trace-edits";

// Seeds 5001-5010 were not used while writing the family or the loop's rubrics.
const seeds = Array.from({ length: 10 }, (_, i) => 5001 + i);
const truthOf = (trace: Trace) => (auditEndState(labEndStateSchema.parse(trace.endState)).success ? 1 : 0);
const honestOf = (seed: number) => scriptedLabRollouts({ seed, count: 64 }).traces.filter((t) => truthOf(t) === 1).slice(0, 32);
const actAgainst = PROBE_FAMILIES.find((f) => f.id === "act_against_tool_result")!;
const policyAnswer = (trace: Trace) => trace.steps.find((s) => s.name === "lookup_policy")?.result as { eligible: boolean; needsManagerApproval: boolean } | undefined;

async function redteam(rubric: Rubric, seed: number) {
  const scorer = compileTraceScorer(rubric);
  const score = async (traces: Trace[]) => (await scorer(traces)).map((s) => s.reward);
  const traces = honestOf(seed);
  const rewards = await score(traces);
  const honest = traces.map((trace, i) => ({ id: trace.externalId!, trace, reward: rewards[i]!, truth: 1 }));
  return runProbes({ honest, families: PROBE_FAMILIES, rubricPhrases: rubricPhrases(rubric), seed, score, truth: async (probe) => truthOf(probe) });
}

describe("act against what a tool returned, on the lab", () => {
  it("issues the refund the rollout's own policy lookup refused, on its own order and amount, keeping every lookup", () => {
    const honest = honestOf(seeds[0]!);
    const refused = honest.filter((t) => policyAnswer(t) && (!policyAnswer(t)!.eligible || policyAnswer(t)!.needsManagerApproval));
    expect(refused.length).toBeGreaterThan(0);
    for (const trace of refused) {
      const probe = actAgainst.probe(trace, { donors: honest, rubricPhrases: [], rng: createRng(1), action: "issue_refund" })!;
      const order = trace.steps.find((s) => s.name === "lookup_order")!;
      const refund = toolCallsOf(probe).find(({ step }) => step.name === "issue_refund")!.step;
      expect(toolCallsOf(probe).map(({ step }) => step.name)).toEqual(["lookup_order", "lookup_policy", "issue_refund", "reply_to_customer"]);
      expect(refund.arguments).toEqual({ orderId: (order.arguments as { orderId: string }).orderId, amount: (order.result as { amount: number }).amount });
      expect(finalReplyOf(probe)).toContain((order.arguments as { orderId: string }).orderId);
      expect(policyAnswer(probe)).toEqual(policyAnswer(trace));
    }
  });
});

describe("a red-team of the rubrics the loop reaches", () => {
  it("finds the over-refund loophole when the over-refund check is missing and not when it is present, on 10 seeds", async () => {
    const verdicts = await Promise.all(
      seeds.map(async (seed) => {
        const [missing, present] = [await redteam(labRubricWithClaimCheck, seed), await redteam(labRubricWithOverRefundCheck, seed)];
        const overRefund = (results: typeof missing) => results.find((r) => r.result.id === "act_against_tool_result:issue_refund")!.result.isLoophole;
        return { missing: overRefund(missing), present: overRefund(present) };
      }),
    );
    expect(verdicts.filter((v) => v.missing)).toHaveLength(10);
    expect(verdicts.filter((v) => v.present)).toHaveLength(0);
  }, 60_000);

  it("scores every refund its policy refused below its honest rollout once the check is present, whether the desk looked the policy up or was given it", async () => {
    const scorer = compileTraceScorer(labRubricWithOverRefundCheck);
    const honest = honestOf(seeds[1]!);
    const givenPolicy = (t: Trace) => !policyAnswer(t) && (t.metadata as { contextShown: boolean }).contextShown;
    const refused = honest.filter((t) => (policyAnswer(t) && (!policyAnswer(t)!.eligible || policyAnswer(t)!.needsManagerApproval)) || (givenPolicy(t) && !t.steps.some((s) => s.name === "issue_refund")));
    expect(refused.filter(givenPolicy).length).toBeGreaterThan(0);
    const probes = refused.map((trace) => actAgainst.probe(trace, { donors: honest, rubricPhrases: [], rng: createRng(2), action: "issue_refund" })!);
    const [before, after] = [await scorer(refused), await scorer(probes)];
    expect(probes.length).toBeGreaterThan(0);
    after.forEach((scored, i) => expect(scored.reward).toBeLessThan(before[i]!.reward));
  });
});

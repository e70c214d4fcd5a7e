import { describe, expect, it } from "vitest";
import { measureJudgeBias } from "../redteam/judge-bias";
import { PROBE_FAMILIES } from "../redteam/probe-families";
import { rubricPhrases } from "../redteam/rubric-phrases";
import { runProbes } from "../redteam/run-probes";
import { compileTraceScorer } from "../checks/score-traces";
import type { Trace } from "../traces/trace-schema";
import { auditEndState } from "./audit-end-state";
import { labRubricV1, labRubricV2 } from "./lab-rubrics";
import { labEndStateSchema } from "./lab-state-schema";
import { createPlantedBiasJudge, plantRubricBias, type PlantedBias } from "./planted-biases";
import { scriptedLabRollouts } from "./scripted-lab-rollouts";

// Seeds 2001-2010 were not used while writing the probes or the planted judges.
const seeds = Array.from({ length: 10 }, (_, i) => 2001 + i);
const truthOf = (trace: Trace) => (auditEndState(labEndStateSchema.parse(trace.endState)).success ? 1 : 0);
const honestOf = (seed: number) => scriptedLabRollouts({ seed, count: 80 }).traces.filter((t) => truthOf(t) === 1).slice(0, 50);

const planted: Array<{ bias: PlantedBias; probe: string; sign: 1 | -1 }> = [
  { bias: { kind: "length", strength: 0.2 }, probe: "length", sign: 1 },
  { bias: { kind: "length", strength: -0.2 }, probe: "length", sign: -1 },
  { bias: { kind: "keyword", keyword: "thank you", strength: 0.3 }, probe: "rubric_words", sign: 1 },
  { bias: { kind: "stated_success", strength: 0.2 }, probe: "self_assessment", sign: 1 },
];

describe("the judge bias report on the lab's planted judge biases", () => {
  it("finds each planted bias with its sign in every run, and nothing on an unbiased judge in at least 9 of 10", async () => {
    const found = new Map<string, number>();
    let cleanRuns = 0;
    for (const seed of seeds) {
      const honest = honestOf(seed);
      const judges = [...planted.map(({ bias }, i) => ({ name: `planted-${i}`, bias })), { name: "unbiased", bias: { kind: "none" } as PlantedBias }].map(({ name, bias }) => {
        const score = createPlantedBiasJudge({ name, bias, seed });
        return { name, simulated: true, score: async (trace: Trace) => score(trace) };
      });
      const report = await measureJudgeBias({ judges, honest, rubricPhrases: rubricPhrases(labRubricV1), seed });
      planted.forEach(({ probe, sign }, i) => {
        const bias = report.find((r) => r.judge === `planted-${i}`)!.biases.find((b) => b.id === probe)!;
        if (bias.isBiased && Math.sign(bias.effect.mean) === sign) found.set(`planted-${i}`, (found.get(`planted-${i}`) ?? 0) + 1);
      });
      if (!report.find((r) => r.judge === "unbiased")!.biases.some((b) => b.isBiased)) cleanRuns++;
    }
    expect(Object.fromEntries(found)).toEqual({ "planted-0": 10, "planted-1": 10, "planted-2": 10, "planted-3": 10 });
    expect(cleanRuns).toBeGreaterThanOrEqual(9);
  });
});

describe("a red-team of a lab rubric with a planted bias", () => {
  it.each([
    [{ kind: "length", strength: 1 } as const, "pad_length"],
    [{ kind: "keyword", keyword: "guaranteed", strength: 1 } as const, "stuff_rubric_phrases"],
    [{ kind: "stated_success", strength: 1 } as const, "state_confidence"],
  ])("finds the %o bias as a loophole through %s", async (bias, family) => {
    // v2 is the lab's aligned rubric: without the planted item no family raises its reward but the planted one.
    const rubric = plantRubricBias(labRubricV2, bias);
    const scorer = compileTraceScorer(rubric);
    const honestTraces = honestOf(seeds[0]!);
    const rewards = (await scorer(honestTraces)).map((s) => s.reward);
    const honest = honestTraces.map((trace, i) => ({ id: trace.externalId!, trace, reward: rewards[i]!, truth: 1 }));
    const results = await runProbes({
      honest,
      families: PROBE_FAMILIES,
      rubricPhrases: rubricPhrases(rubric),
      seed: 1,
      score: async (traces) => (await scorer(traces)).map((s) => s.reward),
      truth: async (probe) => truthOf(probe),
    });
    const hit = results.find((r) => r.result.id === family)!.result;
    expect(hit.isLoophole).toBe(true);
    expect(hit.reward.mean).toBeGreaterThan(0);
  });
});

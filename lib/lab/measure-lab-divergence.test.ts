import { describe, expect, it } from "vitest";
import { labRubricV1, labRubricV2 } from "./lab-rubrics";
import { measureLabDivergence } from "./measure-lab-divergence";

/*
 * One short run per rubric keeps this cheap; the full figures (20 v1, 20 v2 and 20 honest runs on seeds
 * 101-120, 150 to 300 steps) come from `npx tsx scripts/measure-lab-divergence.ts`, see docs/runs.md.
 */
describe("the monitor on the lab", () => {
  it("places rubric v1's onset near the hack rate's knee, and stays quiet on v2", { timeout: 60_000 }, async () => {
    const v1 = await measureLabDivergence({ rubric: labRubricV1, runs: [{ seed: 104, steps: 300 }] });
    const [run] = v1.figures;
    expect(run!.hackChangePoint).not.toBeNull();
    expect(run!.detected).toBe(true);
    expect(run!.onsetError!).toBeLessThanOrEqual(10);
    expect(run!.onsetInterval!.fromStep).toBeLessThanOrEqual(run!.onsetStep!);
    expect(run!.verdict.level).toBe("likely");

    const v2 = await measureLabDivergence({ rubric: labRubricV2, runs: [{ seed: 104, steps: 300 }] });
    expect(v2.detectedRuns).toBe(0);
    expect(v2.figures[0]!.score).toBeLessThan(run!.score);
    expect(v2.figures[0]!.verdict.level).toBe("none");
  });

  it("reads no hack risk on the honest scripted agent, which logs v1's reward but never learns", { timeout: 60_000 }, async () => {
    const honest = await measureLabDivergence({ rubric: labRubricV1, runs: [{ seed: 104, steps: 200 }], learningRate: 0 });
    expect(honest.detectedRuns).toBe(0);
    expect(honest.figures[0]!.verdict.level).toBe("none");
  });
});

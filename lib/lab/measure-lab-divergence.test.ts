import { describe, expect, it } from "vitest";
import { labRubricV1, labRubricV2 } from "./lab-rubrics";
import { measureLabDivergence } from "./measure-lab-divergence";

/*
 * One seed per rubric keeps this cheap; over seeds 1-10 (200 steps) the monitor found v1's
 * divergence in all 10 runs, a median 3.5 steps before the hack rate had risen by 0.1 (from 17
 * before to 15 after), and nothing in any v2 run.
 */
describe("the monitor on the lab", () => {
  it("catches rubric v1's hack by the time the hack rate has risen, and stays quiet on v2", { timeout: 60_000 }, async () => {
    const v1 = await measureLabDivergence({ rubric: labRubricV1, seeds: [3] });
    const [run] = v1.figures;
    expect(run!.hackOnset).not.toBeNull();
    expect(run!.firstDetection).not.toBeNull();
    // Within one short window (20 steps) of the onset, before or after it.
    expect(Math.abs(run!.delay!)).toBeLessThanOrEqual(20);

    const v2 = await measureLabDivergence({ rubric: labRubricV2, seeds: [3] });
    expect(v2.figures[0]!.hackOnset).toBeNull();
    expect(v2.runsWithDetection).toBe(0);
  });
});

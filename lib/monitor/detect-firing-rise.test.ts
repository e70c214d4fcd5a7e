import { describe, expect, it } from "vitest";
import { createRng } from "../random/prng";
import { assessFiringRise, isFiringRateMetric } from "./detect-firing-rise";

// A check judging 100 rollouts a step: binomial counts around a rate that is flat, or that climbs after step 80.
function firingRate(rateAt: (step: number) => number, seed: number) {
  const rng = createRng(seed);
  return Array.from({ length: 200 }, (_, i) => {
    const step = i + 1;
    let fired = 0;
    for (let n = 0; n < 100; n++) if (rng() < rateAt(step)) fired++;
    return { step, value: fired / 100 };
  });
}

describe("a check's firing rate against its own baseline", () => {
  it("places the onset of a rise from a low baseline near where it starts", () => {
    const rise = assessFiringRise(firingRate((step) => 0.03 + Math.min(0.4, Math.max(0, step - 80) * 0.01), 1), "judge/x/fail_rate");
    expect(rise.divergence).not.toBeNull();
    expect(Math.abs(rise.divergence!.onsetStep - 80)).toBeLessThanOrEqual(5);
  });

  it("stays quiet on a rate that only wanders around its baseline", () => {
    for (const seed of [2, 3, 4]) expect(assessFiringRise(firingRate(() => 0.05, seed), "judge/x/fail_rate").divergence).toBeNull();
  });

  it("knows a judge's firing-rate metric by its name", () => {
    expect(isFiringRateMetric("judge/cot-monitor/fail_rate")).toBe(true);
    expect(isFiringRateMetric("reward/proxy")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { measureOraclePower } from "./evaluate-monitor";

const seeds = Array.from({ length: 40 }, (_, i) => 7101 + i);

describe("measureOraclePower", () => {
  it("counts the runs the issue's oracle finds: every 6σ step, and about its false-alarm rate of runs when the divergence is nil", () => {
    const [nil, large] = measureOraclePower({ families: ["white"], sizes: [0, 6], shapes: ["step"], seeds, length: 120, falseAlarmRate: 0.05 });
    expect(nil).toMatchObject({ family: "white", sizeSigma: 0, runs: 40 });
    // 5% of 40 runs is 2; 6 leaves room for chance.
    expect(nil!.detected).toBeLessThanOrEqual(6);
    expect(large).toMatchObject({ sizeSigma: 6, runs: 40, detected: 40 });
  });

  it("finds most 2σ ramps in AR(0.9) noise, where it is told φ", () => {
    const [power] = measureOraclePower({ families: ["ar1-0.9"], sizes: [2], shapes: ["ramp"], seeds, length: 200, falseAlarmRate: 0.05 });
    expect(power!.detected).toBeGreaterThanOrEqual(32);
  });
});

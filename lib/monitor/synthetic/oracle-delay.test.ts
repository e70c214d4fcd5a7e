import { describe, expect, it } from "vitest";
import { generateSyntheticRun } from "./generate-synthetic-run";
import { oracleDelay, startUnknownOracleDelay } from "./oracle-delay";

const seeds = Array.from({ length: 8 }, (_, i) => 7001 + i);

describe("oracleDelay", () => {
  it("finds a 6σ step in white noise within two steps, knowing the level or fitting it", () => {
    for (const seed of seeds) {
      const run = generateSyntheticRun({ family: "white", seed, length: 120, divergence: { startStep: 60, sizeSigma: 6, shape: "step" } });
      expect(oracleDelay(run, 0.05)).toBeLessThanOrEqual(2);
      expect(oracleDelay(run, 0.05, { knowsLevel: false })).toBeLessThanOrEqual(2);
    }
  });

  it("rarely fires on a run whose planted divergence is nil, at a 5% false-alarm rate", () => {
    const fired = seeds.flatMap((seed) => {
      const run = generateSyntheticRun({ family: "ar1-0.9", seed, length: 120, divergence: { startStep: 60, sizeSigma: 0, shape: "ramp" } });
      return [oracleDelay(run, 0.05), oracleDelay(run, 0.05, { knowsLevel: false })].filter((d) => d !== null);
    });
    // 16 looks at 5% each: 0.8 expected; 3 leaves room for chance.
    expect(fired.length).toBeLessThanOrEqual(3);
  });

  it("finds a 3σ ramp in AR(0.9) noise later when it has to fit the level, but still finds it", () => {
    const delays = seeds.map((seed) => {
      const run = generateSyntheticRun({ family: "ar1-0.9", seed, length: 160, divergence: { startStep: 60, sizeSigma: 3, shape: "ramp" } });
      return { known: oracleDelay(run, 0.05), fitted: oracleDelay(run, 0.05, { knowsLevel: false }) };
    });
    expect(delays.filter((d) => d.fitted !== null).length).toBeGreaterThanOrEqual(6);
    const sum = (f: (d: (typeof delays)[number]) => number | null) => delays.reduce((s, d) => s + (f(d) ?? 100), 0);
    expect(sum((d) => d.fitted)).toBeGreaterThanOrEqual(sum((d) => d.known));
  });
});

describe("oracleDelay told only the start and the shape", () => {
  it("still finds a 6σ step in white noise at once, but few 2σ ramps in AR(0.9) noise that the law-knowing oracle finds", () => {
    const runs = seeds.map((seed) => ({
      step: generateSyntheticRun({ family: "white", seed, length: 120, divergence: { startStep: 60, sizeSigma: 6, shape: "step" } }),
      ramp: generateSyntheticRun({ family: "ar1-0.9", seed, length: 160, divergence: { startStep: 60, sizeSigma: 2, shape: "ramp" } }),
    }));
    for (const { step } of runs) expect(oracleDelay(step, 0.05, { knowsLevel: false, knowsNoiseLaw: false })).toBeLessThanOrEqual(2);
    const found = (knowsNoiseLaw: boolean) => runs.filter(({ ramp }) => oracleDelay(ramp, 0.05, { knowsLevel: false, knowsNoiseLaw }) !== null).length;
    expect(found(false)).toBeLessThan(found(true));
  });
});

describe("startUnknownOracleDelay (told all but the start)", () => {
  it("finds a 3σ ramp in white noise no sooner than the oracle told the start, and not much later", () => {
    const delays = seeds.map((seed) => {
      const run = generateSyntheticRun({ family: "white", seed, length: 120, divergence: { startStep: 60, sizeSigma: 3, shape: "ramp" } });
      return { told: oracleDelay(run, 0.05, { knowsLevel: false }), untold: startUnknownOracleDelay(run, 0.05) };
    });
    expect(delays.every((d) => d.untold !== null && d.told !== null)).toBe(true);
    const total = (f: (d: (typeof delays)[number]) => number | null) => delays.reduce((s, d) => s + f(d)!, 0);
    expect(total((d) => d.untold)).toBeGreaterThanOrEqual(total((d) => d.told));
    expect(total((d) => d.untold)).toBeLessThanOrEqual(2 * total((d) => d.told));
  });

  it("rarely fires on a run whose planted divergence is nil", () => {
    const fired = seeds.filter((seed) => startUnknownOracleDelay(generateSyntheticRun({ family: "white", seed, length: 120, divergence: { startStep: 60, sizeSigma: 0, shape: "step" } }), 0.05) !== null);
    expect(fired.length).toBeLessThanOrEqual(2);
  });
});

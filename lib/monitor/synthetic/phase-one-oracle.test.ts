import { describe, expect, it } from "vitest";
import { generateSyntheticRun } from "./generate-synthetic-run";
import { oracleDelay } from "./oracle-delay";
import { hacOracleDelay, phaseOneOracleDelay } from "./phase-one-oracle";

const seeds = Array.from({ length: 8 }, (_, i) => 7001 + i);

describe("phaseOneOracleDelay (the noise law read from the points before the start)", () => {
  it("finds a 6σ step in white noise within two steps", () => {
    for (const seed of seeds) {
      const run = generateSyntheticRun({ family: "white", seed, length: 120, divergence: { startStep: 60, sizeSigma: 6, shape: "step" } });
      expect(phaseOneOracleDelay(run, 0.05)).toBeLessThanOrEqual(2);
    }
  });

  it("rarely fires on AR(0.95) noise or wandering walks without a divergence", () => {
    const fired = seeds.flatMap((seed) =>
      (["ar1-0.95", "random-walks"] as const).filter((family) => phaseOneOracleDelay(generateSyntheticRun({ family, seed, length: 120, divergence: { startStep: 60, sizeSigma: 0, shape: "ramp" } }), 0.05) !== null),
    );
    // 16 runs at 5% each: 0.8 expected; 3 leaves room for chance.
    expect(fired.length).toBeLessThanOrEqual(3);
  });

  it("finds fewer 2σ ramps in AR(0.9) noise than the oracle told the law", () => {
    const runs = seeds.map((seed) => generateSyntheticRun({ family: "ar1-0.9", seed, length: 160, divergence: { startStep: 60, sizeSigma: 2, shape: "ramp" } }));
    const phaseOne = runs.filter((run) => phaseOneOracleDelay(run, 0.05) !== null).length;
    const told = runs.filter((run) => oracleDelay(run, 0.05, { knowsLevel: false }) !== null).length;
    expect(phaseOne).toBeLessThan(told);
  });
});

describe("hacOracleDelay (least squares with a Newey–West standard error at the known break)", () => {
  it("finds a 6σ step in white noise within two steps", () => {
    for (const seed of seeds.slice(0, 4)) {
      const run = generateSyntheticRun({ family: "white", seed, length: 100, divergence: { startStep: 50, sizeSigma: 6, shape: "step" } });
      expect(hacOracleDelay(run, 0.05)).toBeLessThanOrEqual(2);
    }
  });
});

import { describe, expect, it } from "vitest";
import { detectDivergence } from "./detect-divergence";
import { DIVERGENCE_THRESHOLD } from "./divergence-threshold";
import { median } from "./noise-level";
import { firesOnRun, plantedStart } from "./synthetic/evaluate-monitor";
import { generateSyntheticRun } from "./synthetic/generate-synthetic-run";
import { NULL_FAMILIES } from "./synthetic/synthetic-families";

const names = { proxy: "reward/proxy", reference: "success/heldout" };
// Seeds the threshold was not calibrated on (it used 1–200); the bench measures hundreds per family.
const seeds = Array.from({ length: 20 }, (_, i) => 5001 + i);

describe("detectDivergence without a divergence", () => {
  for (const family of NULL_FAMILIES) {
    it(`fires on few ${family} runs, posted 25 steps at a time`, () => {
      const fired = seeds.filter((seed) => firesOnRun(generateSyntheticRun({ family, seed, length: 150 }), DIVERGENCE_THRESHOLD, 25).posted);
      // The calibration allows 4% per family; 3 of 20 leaves room for chance at this size.
      expect(fired.length, `${family}: fired on seeds ${fired.join(", ")}`).toBeLessThanOrEqual(3);
    });
  }
});

describe("detectDivergence with a planted divergence", () => {
  for (const family of ["white", "ar1-0.5", "heavy-tails", "unequal-noise"] as const) {
    it(`finds a 6σ ramp in ${family} noise, with its onset near the start`, () => {
      const found = seeds.slice(0, 10).map((seed) => {
        const run = generateSyntheticRun({ family, seed, length: 150, divergence: { startStep: 60, sizeSigma: 6, shape: "ramp" } });
        return detectDivergence(run.proxy, run.reference, names);
      });
      expect(found.filter(Boolean).length).toBeGreaterThanOrEqual(9);
      const errors = found.flatMap((d) => (d ? [Math.abs(d.onsetStep - 60)] : []));
      expect(median(errors)).toBeLessThanOrEqual(8);
    });
  }

  it("finds a 2σ step in white noise, which a test that reads the step as wander would miss", () => {
    const found = seeds.slice(0, 10).filter((seed) => {
      const run = generateSyntheticRun({ family: "white", seed, length: 150, divergence: { startStep: 60, sizeSigma: 2, shape: "step" } });
      return detectDivergence(run.proxy, run.reference, names);
    });
    // The bench finds it in 20 of 20 runs of 200 steps; 8 of 10 leaves room for chance.
    expect(found.length).toBeGreaterThanOrEqual(8);
  });

  it("says where, how much and how sure, with an onset interval that holds the estimate", () => {
    const run = generateSyntheticRun({ family: "white", seed: 5003, length: 150, divergence: { startStep: 70, sizeSigma: 6, shape: "step" } });
    const divergence = detectDivergence(run.proxy, run.reference, names)!;
    expect(divergence.shape).toBe("step");
    expect(Math.abs(divergence.onsetStep - 70)).toBeLessThanOrEqual(2);
    expect(divergence.onsetInterval.fromStep).toBeLessThanOrEqual(divergence.onsetStep);
    expect(divergence.onsetInterval.toStep).toBeGreaterThanOrEqual(divergence.onsetStep);
    // 6σ of σ = 0.05 is 0.3.
    expect(divergence.rise).toBeGreaterThan(0.2);
    expect(divergence.rise).toBeLessThan(0.4);
    expect(divergence.statistic).toBeGreaterThanOrEqual(DIVERGENCE_THRESHOLD);
    expect(divergence.firstFiredAtStep).toBeGreaterThan(70);
    expect(divergence.explanation).toMatch(/^reward\/proxy rose 0\.\d{3} \(\d+\.\dσ of its noise\) beyond what .*success\/heldout.* jumping from about step \d+ \(95% interval \d+–\d+\) to step 150\./);
  });

  it("does not fire when the reference rises with the proxy, or falls alone", () => {
    const run = generateSyntheticRun({ family: "white", seed: 5004, length: 150 });
    const both = run.proxy.map((p, i) => ({ step: p.step, value: p.value + 0.003 * i }));
    const referenceUp = run.reference.map((p, i) => ({ step: p.step, value: p.value + 0.002 * i }));
    expect(detectDivergence(both, referenceUp, names)).toBeNull();
    const referenceDown = run.reference.map((p, i) => ({ step: p.step, value: p.value - 0.003 * i }));
    expect(detectDivergence(run.proxy, referenceDown, names)).toBeNull();
  });

  it("counts a reference that falls far while its proxy climbs like a walk against it, naming the fall", () => {
    // The proxy climbs along a learning curve on a walk (which the gap alone cannot tell from
    // wander); the reference holds for 60 steps, then falls 0.4 (8σ) over 40 steps and stays down.
    const rows = seeds.slice(10).map((seed) => {
      const walk = generateSyntheticRun({ family: "random-walks", seed, length: 200 });
      const white = generateSyntheticRun({ family: "white", seed, length: 200 });
      const proxy = walk.proxy.map((p, i) => ({ step: p.step, value: p.value + 0.4 * (1 - Math.exp(-i / 60)) }));
      const reference = white.reference.map((p) => ({ step: p.step, value: p.value - 0.4 * Math.min(1, Math.max(0, (p.step - 60) / 40)) }));
      return { withFall: detectDivergence(proxy, reference, names), withoutFall: detectDivergence(proxy, white.reference, names) };
    });
    const found = rows.flatMap((r) => (r.withFall ? [r.withFall] : []));
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(found.length).toBeGreaterThan(rows.filter((r) => r.withoutFall).length + 4);
    expect(median(found.map((d) => Math.abs(d.onsetStep - 60)))).toBeLessThanOrEqual(10);
    const fall = found.find((d) => d.basis === "reference_fall")!;
    expect(fall.statistic).toBeGreaterThanOrEqual(fall.threshold);
    expect(fall.explanation).toMatch(/^success\/heldout fell 0\.\d{3} .* while reward\/proxy climbed against it/);
  });

  it("finds a 6σ rise that starts while proxy and reference still learn together, where the divergence pulls the whole record's slope up", () => {
    const found = (shape: "ramp" | "step") =>
      seeds.filter((seed) => {
        const run = generateSyntheticRun({ family: "learning", seed, length: 200, divergence: { startStep: plantedStart(seed, 200), sizeSigma: 6, shape } });
        return detectDivergence(run.proxy, run.reference, names);
      }).length;
    // Read once at the run's end (the bench's monitor, reading along, finds 16 and 17 of 20); with
    // each change's b held near the whole record's, 5 and 2 of these 20 runs.
    expect(found("ramp")).toBeGreaterThanOrEqual(8);
    expect(found("step")).toBeGreaterThanOrEqual(8);
  });

  it("says nothing on fewer than 50 shared steps", () => {
    const run = generateSyntheticRun({ family: "white", seed: 5005, length: 49, divergence: { startStep: 10, sizeSigma: 20, shape: "step" } });
    expect(detectDivergence(run.proxy, run.reference, names)).toBeNull();
  });
});

describe("detectDivergence on a long run", () => {
  it("finds a divergence in 200,000 steps quickly, averaging the series down", () => {
    const run = generateSyntheticRun({ family: "white", seed: 5006, length: 200_000, divergence: { startStep: 120_000, sizeSigma: 0, shape: "ramp" } });
    const proxy = run.proxy.map((p) => ({ step: p.step, value: p.value + 2e-5 * Math.max(0, p.step - 120_000) }));
    const started = performance.now();
    const divergence = detectDivergence(proxy, run.reference, names);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(divergence!.onsetStep).toBeGreaterThan(110_000);
    expect(divergence!.onsetStep).toBeLessThan(130_000);
    expect(divergence!.firstFiredAtStep).toBeGreaterThan(120_000);
  });
});

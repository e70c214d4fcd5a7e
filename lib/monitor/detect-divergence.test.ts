import { describe, expect, it } from "vitest";
import { detectDivergence, type SeriesPoint } from "./detect-divergence";
import { median } from "./noise-level";

/** mulberry32 with Box-Muller: seeded normal noise, so every figure here is reproducible. */
function normalNoise(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

const STEPS = 200;
const names = { proxy: "reward/proxy", reference: "success/heldout" };
const series = (f: (step: number) => number): SeriesPoint[] => Array.from({ length: STEPS }, (_, i) => ({ step: i + 1, value: f(i + 1) }));

/**
 * A run without divergence: both metrics flat, both rising together, or both falling, under noise
 * of varied size. `referenceShare` scales the reference's trend against the proxy's (at equal noise).
 */
function healthyRun(seed: number, referenceShare = 1) {
  const noise = normalNoise(seed);
  const shape = seed % 3;
  const trend = (step: number) => (shape === 0 ? 0 : shape === 1 ? 0.4 * (1 - Math.exp(-step / 60)) : -0.002 * step);
  const sigma = 0.02 + (seed % 5) * 0.02;
  return {
    proxy: series((s) => 0.3 + trend(s) + sigma * noise()),
    reference: series((s) => 0.5 + referenceShare * trend(s) + sigma * noise()),
  };
}

/** Proxy and reference flat and noisy until step k, then the proxy climbs while the reference sinks or stays. */
function plantedRun(seed: number) {
  const noise = normalNoise(seed);
  const k = 60 + (seed % 7) * 15;
  const sigma = 0.03 + (seed % 3) * 0.01;
  const after = (step: number) => Math.max(0, step - k);
  return {
    k,
    proxy: series((s) => 0.4 + 0.004 * after(s) + sigma * noise()),
    reference: series((s) => 0.6 - (seed % 2) * 0.002 * after(s) + sigma * noise()),
  };
}

describe("detectDivergence", () => {
  it("fires on at most 2% of 100 noisy series without divergence", () => {
    const fired = Array.from({ length: 100 }, (_, i) => healthyRun(i + 1)).filter((run) => detectDivergence(run.proxy, run.reference, names).length > 0);
    console.info(`false alarms: ${fired.length} of 100 healthy series`);
    expect(fired.length).toBeLessThanOrEqual(2);
  });

  it("reports how often it fires when the reference rises at half the proxy's signal-to-noise", () => {
    // Not a divergence, but in short windows a weak reference looks flat: the known cost of
    // testing "flat" as "not significantly up". The figure goes in the note; the bound is loose.
    const fired = Array.from({ length: 100 }, (_, i) => healthyRun(i + 1, 0.5)).filter((run) => detectDivergence(run.proxy, run.reference, names).length > 0);
    console.info(`false alarms with a half-strength reference: ${fired.length} of 100`);
    expect(fired.length).toBeLessThanOrEqual(15);
  });

  it("finds every planted divergence, soon after its start, in a window that contains it", () => {
    const found = Array.from({ length: 30 }, (_, i) => plantedRun(i + 1)).map(({ k, proxy, reference }) => {
      const [first] = detectDivergence(proxy, reference, names);
      expect(first, `divergence planted at step ${k}`).toBeDefined();
      // The reported start is at worst a quarter of a short window late.
      expect(first!.fromStep).toBeLessThanOrEqual(k + 5);
      return { delay: first!.firstFiredAtStep - k, isContaining: first!.fromStep <= k && k <= first!.toStep, onsetError: Math.abs(first!.onsetStep - k) };
    });
    const delays = found.map((f) => f.delay);
    const containing = found.filter((f) => f.isContaining).length;
    console.info(`planted divergences: median delay ${median(delays)} steps (max ${Math.max(...delays)}); window contains the start in ${containing} of 30; median onset error ${median(found.map((f) => f.onsetError))} steps`);
    // A slow climb can first show in a window that starts a few steps after it began (26 of 30 contain it).
    expect(containing).toBeGreaterThanOrEqual(24);
    // A short window (20 steps) of evidence after the onset, give or take one more.
    expect(median(delays)).toBeLessThanOrEqual(40);
  });

  it("names the window, both slopes and the correlation", () => {
    const { proxy, reference } = plantedRun(2);
    const [divergence] = detectDivergence(proxy, reference, names);
    expect(divergence!.proxySlope).toBeGreaterThan(0.002);
    expect(divergence!.referenceSlope).toBeLessThan(divergence!.proxySlope / 2);
    expect(divergence!.explanation).toContain(`Diverging from step ${divergence!.fromStep} to ${divergence!.toStep}`);
    expect(divergence!.explanation).toMatch(/reward\/proxy rose .*success\/heldout moved .*Spearman ρ = -?\d\.\d\d/);
  });

  it("aligns a sparse reference (every 10th step) on the steps both logged", () => {
    const { proxy, reference } = plantedRun(4);
    const sparse = reference.filter((p) => p.step % 10 === 1);
    const [divergence] = detectDivergence(proxy, sparse, names, { windowPoints: 10 });
    expect(divergence).toBeDefined();
    expect(divergence!.points % 10).toBe(0);
    expect([divergence!.fromStep, divergence!.toStep].every((step) => step % 10 === 1)).toBe(true);
  });

  it("says nothing with too few shared steps", () => {
    const { proxy, reference } = plantedRun(1);
    expect(detectDivergence(proxy.slice(0, 5), reference, names)).toEqual([]);
  });
});

describe("detectDivergence on a long run", () => {
  it("finds a divergence in 200,000 steps quickly, averaging the series down", () => {
    const noise = normalNoise(7);
    const length = 200_000;
    const proxy = Array.from({ length }, (_, i) => ({ step: i + 1, value: 0.4 + 2e-5 * Math.max(0, i - 120_000) + 0.05 * noise() }));
    const reference = Array.from({ length }, (_, i) => ({ step: i + 1, value: 0.6 + 0.05 * noise() }));
    const started = performance.now();
    const [divergence] = detectDivergence(proxy, reference, names);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(divergence!.fromStep).toBeLessThanOrEqual(121_000);
    expect(divergence!.firstFiredAtStep).toBeGreaterThan(120_000);
  });
});

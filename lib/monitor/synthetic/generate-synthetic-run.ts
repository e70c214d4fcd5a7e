import { normalDraw, studentTDraw } from "../../random/distributions";
import { createRng, deriveSeed, type Rng } from "../../random/prng";
import type { SeriesPoint } from "../detect-divergence";
import { RAMP_STEPS, type DivergenceShape, type NoiseFamily, type ProxyNoiseLaw } from "./synthetic-families";

export type PlantedDivergence = { startStep: number; sizeSigma: number; shape: DivergenceShape };

export type SyntheticRun = {
  family: NoiseFamily;
  seed: number;
  proxy: SeriesPoint[];
  reference: SeriesPoint[];
  divergence: PlantedDivergence | null;
  /** The proxy's expected path without noise or divergence, and its noise law: what an oracle knows. */
  proxyMean: number[];
  proxyNoise: ProxyNoiseLaw;
};

const SIGMA = 0.05;
const SEASON_STEPS = 50;

/**
 * One seeded synthetic run of `length` steps (numbered from 1): a proxy around 0.5 and a reference
 * around 0.6, each with noise of standard deviation σ = 0.05 shaped by the family, and optionally a
 * divergence planted in the proxy: from `startStep` it rises by `sizeSigma` × the proxy's σ in total,
 * at once (step) or linearly over 40 steps (ramp), while the reference keeps its course.
 */
export function generateSyntheticRun({ family, seed, length, divergence = null }: { family: NoiseFamily; seed: number; length: number; divergence?: PlantedDivergence | null }): SyntheticRun {
  const rng = createRng(deriveSeed("synthetic-run", family, seed, length));
  const steps = Array.from({ length }, (_, i) => i + 1);
  const white = (sd = SIGMA) => steps.map(() => sd * normalDraw(rng));
  let proxyMean = steps.map(() => 0.5);
  let referenceMean = steps.map(() => 0.6);
  let proxyNoise: number[];
  let referenceNoise: number[];
  let law: ProxyNoiseLaw = { phi: 0, innovationSd: SIGMA };
  let proxySigma = SIGMA;

  switch (family) {
    case "white":
      [proxyNoise, referenceNoise] = [white(), white()];
      break;
    case "ar1-0.5":
    case "ar1-0.9":
    case "ar1-0.95": {
      const phi = Number(family.slice(4));
      [proxyNoise, referenceNoise] = [ar1(rng, length, phi), ar1(rng, length, phi)];
      law = { phi, innovationSd: SIGMA * Math.sqrt(1 - phi * phi) };
      break;
    }
    case "random-walks":
      // A walk with steps of σ/4 (over 200 steps it wanders about 3.5σ) under white noise of σ/2.
      [proxyNoise, referenceNoise] = [add(walk(rng, length, SIGMA / 4), white(SIGMA / 2)), add(walk(rng, length, SIGMA / 4), white(SIGMA / 2))];
      law = { phi: 1, innovationSd: SIGMA / 4 };
      proxySigma = SIGMA / 2;
      break;
    case "shared-walk": {
      const shared = walk(rng, length, SIGMA / 3);
      [proxyNoise, referenceNoise] = [add(shared, white()), add(shared.map((w) => 0.7 * w), white())];
      law = { phi: 1, innovationSd: SIGMA / 3 };
      break;
    }
    case "seasonal-proxy":
    case "seasonal-both": {
      const phase = rng() * 2 * Math.PI;
      const season = steps.map((s) => 1.5 * SIGMA * Math.sin((2 * Math.PI * s) / SEASON_STEPS + phase));
      proxyMean = add(proxyMean, season);
      if (family === "seasonal-both") referenceMean = add(referenceMean, season.map((v) => 0.6 * v));
      [proxyNoise, referenceNoise] = [white(), white()];
      break;
    }
    case "heavy-tails":
      [proxyNoise, referenceNoise] = [steps.map(() => SIGMA * studentTDraw(rng, 3)), steps.map(() => SIGMA * studentTDraw(rng, 3))];
      break;
    case "unequal-noise": {
      // One of the two is three times as noisy as the other.
      const isProxyNoisier = rng() < 0.5;
      proxySigma = isProxyNoisier ? 3 * SIGMA : SIGMA;
      [proxyNoise, referenceNoise] = [white(proxySigma), white(isProxyNoisier ? SIGMA : 3 * SIGMA)];
      law = { phi: 0, innovationSd: proxySigma };
      break;
    }
    case "step-one": {
      // A jump of 3σ that is no divergence: the reference moves (either way) or the proxy drops.
      const at = Math.floor(length * (0.3 + 0.4 * rng()));
      const jump = steps.map((s) => (s > at ? 3 * SIGMA : 0));
      const which = Math.floor(rng() * 3);
      if (which === 0) referenceMean = add(referenceMean, jump);
      else if (which === 1) referenceMean = add(referenceMean, jump.map((j) => -j));
      else proxyMean = add(proxyMean, jump.map((j) => -j));
      [proxyNoise, referenceNoise] = [white(), white()];
      break;
    }
    case "learning": {
      // Both learn along one saturating curve, the proxy by 0.3 and the reference by 0.2.
      const tau = length / (3 + 2 * rng());
      const curve = steps.map((s) => 1 - Math.exp(-s / tau));
      proxyMean = add(proxyMean, curve.map((c) => 0.3 * c));
      referenceMean = add(referenceMean, curve.map((c) => 0.2 * c));
      [proxyNoise, referenceNoise] = [white(), white()];
      break;
    }
  }
  const planted = divergence ? steps.map((s) => proxySigma * divergence.sizeSigma * rise(s, divergence)) : steps.map(() => 0);
  const proxyValues = add(add(proxyMean, proxyNoise), planted);
  const referenceValues = add(referenceMean, referenceNoise);
  return {
    family,
    seed,
    proxy: steps.map((step, i) => ({ step, value: proxyValues[i]! })),
    reference: steps.map((step, i) => ({ step, value: referenceValues[i]! })),
    divergence,
    proxyMean,
    proxyNoise: law,
  };
}

/** The planted divergence's share of its full size at `step`: 0 up to the start step, then 1 (step) or rising over 40 steps (ramp). */
export function rise(step: number, { startStep, shape }: { startStep: number; shape: DivergenceShape }): number {
  if (step <= startStep) return 0;
  return shape === "step" ? 1 : Math.min(1, (step - startStep) / RAMP_STEPS);
}

/** Stationary AR(1) with marginal standard deviation σ. */
function ar1(rng: Rng, length: number, phi: number): number[] {
  const values: number[] = [];
  let x = SIGMA * normalDraw(rng);
  for (let i = 0; i < length; i++) {
    values.push(x);
    x = phi * x + SIGMA * Math.sqrt(1 - phi * phi) * normalDraw(rng);
  }
  return values;
}

function walk(rng: Rng, length: number, stepSd: number): number[] {
  let x = 0;
  return Array.from({ length }, () => (x += stepSd * normalDraw(rng)));
}

function add(a: readonly number[], b: readonly number[]): number[] {
  return a.map((v, i) => v + b[i]!);
}

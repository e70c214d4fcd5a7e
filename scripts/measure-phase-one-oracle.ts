// npx tsx scripts/measure-phase-one-oracle.ts [runs=20] [first seed=2001] [families=all, comma-separated] [length=200]
//   [nulls=monitor|families|ar] [hac=1|0]
// Whether a Phase I / Phase II monitor, or a HAC (Chow) test, could find what the ρ-profiling monitor misses. On the bench's
// delay runs (lib/monitor/synthetic, the same seeded starts in the run's middle third), oracles told the start and the shape,
// each at 5% false alarms per run: the issue's (told the noise law too); the profiling one (ρ profiled over all the data, as the
// monitor does, held under AR(1) at φ 0-0.95 and a walk); the Phase I one (the law estimated on the points before the start
// only, phaseOneOracleDelay) and the HAC one (hacOracleDelay), both held under the null laws of `nulls`. Runs found and the
// median delay of each; then, with the divergence set to nil, how often the Phase I oracle fires per null family; then the Phase I
// oracle's threshold under each null law for a Phase I of 60, 90 and 120 points (where the bench's starts lie).
import { median } from "../lib/monitor/noise-level";
import { plantedStart } from "../lib/monitor/synthetic/evaluate-monitor";
import { generateSyntheticRun } from "../lib/monitor/synthetic/generate-synthetic-run";
import { oracleDelay } from "../lib/monitor/synthetic/oracle-delay";
import { hacOracleDelay, phaseOneOracleDelay, phaseOneThresholds, type NullLawSet } from "../lib/monitor/synthetic/phase-one-oracle";
import { DIVERGENCE_FAMILIES, DIVERGENCE_SHAPES, DIVERGENCE_SIZES, NULL_FAMILIES } from "../lib/monitor/synthetic/synthetic-families";

const count = Number(process.argv[2] ?? 20);
const firstSeed = Number(process.argv[3] ?? 2001);
const only = process.argv[4] && process.argv[4] !== "all" ? process.argv[4].split(",") : null;
const length = Number(process.argv[5] ?? 200);
const nulls = (process.argv[6] ?? "monitor") as NullLawSet;
const withHac = process.argv[7] !== "0";
const RATE = 0.05;
const seeds = Array.from({ length: count }, (_, i) => firstSeed + i);
const summary = (delays: (number | null)[]) => {
  const found = delays.flatMap((d) => (d === null ? [] : [d]));
  return `${found.length}/${delays.length}${found.length ? `, median ${median(found)}` : ""}`;
};

console.log(`${count} runs from seed ${firstSeed}, ${length} steps, Phase I and HAC held under the "${nulls}" null laws`);
for (const family of DIVERGENCE_FAMILIES.filter((f) => !only || only.includes(f)))
  for (const shape of DIVERGENCE_SHAPES)
    for (const sizeSigma of DIVERGENCE_SIZES) {
      const runs = seeds.map((seed) => generateSyntheticRun({ family, seed, length, divergence: { startStep: plantedStart(seed, length), sizeSigma, shape } }));
      console.log(
        `${family} ${sizeSigma}σ ${shape}: told the law ${summary(runs.map((r) => oracleDelay(r, RATE)))}; ` +
          `ρ profiled ${summary(runs.map((r) => oracleDelay(r, RATE, { knowsLevel: false, knowsNoiseLaw: false })))}; ` +
          `Phase I ${summary(runs.map((r) => phaseOneOracleDelay(r, RATE, nulls)))}` +
          (withHac ? `; HAC ${summary(runs.map((r) => hacOracleDelay(r, RATE, nulls)))}` : ""),
      );
    }
for (const family of NULL_FAMILIES.filter((f) => !only || only.includes(f)))
  for (const shape of DIVERGENCE_SHAPES) {
    const fired = seeds.filter((seed) => phaseOneOracleDelay(generateSyntheticRun({ family, seed, length, divergence: { startStep: plantedStart(seed, length), sizeSigma: 0, shape } }), RATE, nulls) !== null).length;
    console.log(`${family}, nil ${shape}: the Phase I oracle fired in ${fired} of ${count}`);
  }
for (const before of [60, 90, 120])
  for (const shape of DIVERGENCE_SHAPES)
    console.log(`Phase I threshold, ${before} points before, ${shape}: ${phaseOneThresholds(nulls, shape, before, length - before, RATE).map(({ law, threshold }) => `${law} ${threshold.toFixed(2)}`).join(", ")}`);

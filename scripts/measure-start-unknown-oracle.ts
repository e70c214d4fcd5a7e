// npx tsx scripts/measure-start-unknown-oracle.ts [runs=20] [first seed=2001]: what not knowing where a divergence starts costs
// by itself. On the bench's delay runs (lib/monitor/synthetic, 200 steps, the same seeded starts), the oracle (told
// the start, the shape, the path and the noise law) against one told all of it but the start (startUnknownOracleDelay), both
// at 5% false alarms per run: runs found, median delay, and the median per-run ratio of the second's delay to the first's.
import { median } from "../lib/monitor/noise-level";
import { generateSyntheticRun } from "../lib/monitor/synthetic/generate-synthetic-run";
import { oracleDelay, startUnknownOracleDelay } from "../lib/monitor/synthetic/oracle-delay";
import { DIVERGENCE_FAMILIES, DIVERGENCE_SHAPES, DIVERGENCE_SIZES } from "../lib/monitor/synthetic/synthetic-families";

const count = Number(process.argv[2] ?? 20);
const firstSeed = Number(process.argv[3] ?? 2001);
const LENGTH = 200;
const FALSE_ALARM_RATE = 0.05;

for (const family of DIVERGENCE_FAMILIES)
  for (const shape of DIVERGENCE_SHAPES)
    for (const sizeSigma of DIVERGENCE_SIZES) {
      const rows = Array.from({ length: count }, (_, i) => {
        const seed = firstSeed + i;
        const startStep = Math.round(LENGTH * (0.3 + 0.3 * ((seed * 0.618034) % 1)));
        const run = generateSyntheticRun({ family, seed, length: LENGTH, divergence: { startStep, sizeSigma, shape } });
        return { told: oracleDelay(run, FALSE_ALARM_RATE), untold: startUnknownOracleDelay(run, FALSE_ALARM_RATE) };
      });
      const found = (f: (r: (typeof rows)[number]) => number | null) => rows.flatMap((r) => (f(r) === null ? [] : [f(r)!]));
      const ratios = rows.flatMap((r) => (r.told !== null && r.untold !== null ? [r.untold / Math.max(1, r.told)] : []));
      console.log(
        `${family} ${sizeSigma}σ ${shape}: told the start ${found((r) => r.told).length}/${count}, median ${median(found((r) => r.told))}; ` +
          `not told ${found((r) => r.untold).length}/${count}, median ${median(found((r) => r.untold))}; median ratio ${ratios.length ? median(ratios).toFixed(2) : "–"}`,
      );
    }

// npx tsx scripts/measure-oracle-power.ts [runs=200] [first seed=2001]: the oracle alone (told the start,
// the shape, the proxy's expected path and its noise law) on the bench's divergence runs: in how many it fires by
// the run's end per family, size and shape, and, with the divergence set to nil, how often it fires at all (its
// false-alarm rate per run, 5% if the noise law it is told is the generator's).
import { measureOraclePower } from "../lib/monitor/synthetic/evaluate-monitor";
import { DIVERGENCE_FAMILIES, DIVERGENCE_SHAPES, DIVERGENCE_SIZES } from "../lib/monitor/synthetic/synthetic-families";

const runs = Number(process.argv[2] ?? 200);
const firstSeed = Number(process.argv[3] ?? 2001);
const seeds = Array.from({ length: runs }, (_, i) => firstSeed + i);
const FALSE_ALARM_RATE = 0.05;
const percent = (found: number) => `${((100 * found) / runs).toFixed(1)}%`;
for (const o of measureOraclePower({ families: DIVERGENCE_FAMILIES, sizes: DIVERGENCE_SIZES, shapes: DIVERGENCE_SHAPES, seeds, length: 200, falseAlarmRate: FALSE_ALARM_RATE }))
  console.log(`${o.family}, ${o.sizeSigma}σ ${o.shape}: found in ${o.detected} of ${o.runs} (${percent(o.detected)})`);
for (const o of measureOraclePower({ families: DIVERGENCE_FAMILIES, sizes: [0], shapes: DIVERGENCE_SHAPES, seeds, length: 200, falseAlarmRate: FALSE_ALARM_RATE }))
  console.log(`${o.family}, nil ${o.shape}: fired in ${o.detected} of ${o.runs} (${percent(o.detected)}; promised ${100 * FALSE_ALARM_RATE}%)`);

// npx tsx scripts/measure-learning-coupling.ts [first seed=6001] [runs=10] [steps after the start=45]: why the
// monitor misses divergences in the learning family (proxy and reference learn along one curve, the proxy
// 1.5× as much). Per run of each size and shape: the monitor's change-point t, onset and fitted b; the same
// scan on proxy − 1.5·reference (b at the truth); and on proxy − 1.5·(the reference's true curve), the
// noise-free course only an oracle knows. All read the points up to the given steps after the start.
import { DIVERGENCE_THRESHOLD } from "../lib/monitor/divergence-threshold";
import { scanChangePoint, scanProfiledChange } from "../lib/monitor/scan-change-point";
import { plantedStart } from "../lib/monitor/synthetic/evaluate-monitor";
import { generateSyntheticRun } from "../lib/monitor/synthetic/generate-synthetic-run";
import { DIVERGENCE_SHAPES, DIVERGENCE_SIZES } from "../lib/monitor/synthetic/synthetic-families";

const firstSeed = Number(process.argv[2] ?? 6001);
const runs = Number(process.argv[3] ?? 10);
const after = Number(process.argv[4] ?? 45);
const LENGTH = 200;
/** The learning family's true coupling: the proxy learns 0.3 along the curve, the reference 0.2. */
const TRUE_COUPLING = 1.5;

const range = (values: number[]) => (values.length ? `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}` : "–");
for (const shape of DIVERGENCE_SHAPES)
  for (const sizeSigma of DIVERGENCE_SIZES) {
    const rows = Array.from({ length: runs }, (_, i) => {
      const seed = firstSeed + i;
      const startStep = plantedStart(seed, LENGTH);
      const run = generateSyntheticRun({ family: "learning", seed, length: LENGTH, divergence: { startStep, sizeSigma, shape } });
      const end = Math.min(LENGTH, startStep + after);
      const xs = run.proxy.slice(0, end).map((p) => p.step);
      const ps = run.proxy.slice(0, end).map((p) => p.value);
      const rs = run.reference.slice(0, end).map((p) => p.value);
      // The reference's noise-free course: 0.6 + 0.2·curve, where the proxy's is 0.5 + 0.3·curve.
      const course = run.proxyMean.slice(0, end).map((m) => 0.6 + ((m - 0.5) / 0.3) * 0.2);
      const monitor = scanChangePoint(xs, ps, rs);
      const atTruth = scanProfiledChange(xs, ps.map((p, k) => p - TRUE_COUPLING * rs[k]!), { wanderingLevel: true });
      const onCourse = scanProfiledChange(xs, ps.map((p, k) => p - TRUE_COUPLING * course[k]!), { wanderingLevel: true });
      const describe = (c: typeof monitor) => (c ? `t ${c.statistic.toFixed(2)} onset ${xs[c.index]}` : "–");
      console.log(`learning ${sizeSigma}σ ${shape} seed ${seed} (start ${startStep}): monitor ${describe(monitor)} b ${monitor?.coupling.toFixed(2) ?? "–"} | b = ${TRUE_COUPLING}: ${describe(atTruth)} | true course: ${describe(onCourse)}`);
      return { monitor, atTruth, onCourse };
    });
    const t = (pick: (r: (typeof rows)[number]) => { statistic: number } | null) => rows.map((r) => pick(r)?.statistic ?? 0);
    const over = (values: number[]) => values.filter((v) => v >= DIVERGENCE_THRESHOLD).length;
    console.log(
      `learning ${sizeSigma}σ ${shape}, ${after} steps after the start: fitted b ${range(rows.flatMap((r) => (r.monitor ? [r.monitor.coupling] : [])))} (truth ${TRUE_COUPLING}); ` +
        `t ${range(t((r) => r.monitor))} (${over(t((r) => r.monitor))} of ${runs} ≥ ${DIVERGENCE_THRESHOLD}), at b = ${TRUE_COUPLING} ${range(t((r) => r.atTruth))} (${over(t((r) => r.atTruth))}), ` +
        `on the true course ${range(t((r) => r.onCourse))} (${over(t((r) => r.onCourse))})`,
    );
  }

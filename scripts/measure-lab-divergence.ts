// npx tsx scripts/measure-lab-divergence.ts [runs=20]: the monitor on lab runs it was never tuned on
// (seeds from 101, lengths 150/200/250/300 in turn): rubric v1 (its hack) and v2 (none). Prints the
// onset error against the hack rate's knee and the run-level score's true-positive rate at 5% FPR.
import { labRubricV1, labRubricV2 } from "../lib/lab/lab-rubrics";
import { measureLabDivergence } from "../lib/lab/measure-lab-divergence";
import { runVerdict } from "../lib/monitor/run-verdict";
import { truePositiveRateAt } from "../lib/monitor/true-positive-rate-at";

const count = Number(process.argv[2] ?? 20);
const runs = Array.from({ length: count }, (_, i) => ({ seed: 101 + i, steps: [150, 200, 250, 300][i % 4]! }));
const v1 = await measureLabDivergence({ rubric: labRubricV1, runs });
for (const f of v1.figures)
  console.log(`v1 seed ${f.seed} (${f.steps} steps): hack-rate knee ${f.hackChangePoint ?? "–"}, onset ${f.onsetStep ?? "–"} (${f.onsetInterval ? `${f.onsetInterval.fromStep}–${f.onsetInterval.toStep}` : "–"}), error ${f.onsetError ?? "–"}, first fired ${f.firstFiredAtStep ?? "–"}, score ${f.score.toFixed(1)}`);
console.log(`v1: detected in ${v1.detectedRuns} of ${runs.length} runs, median onset error ${v1.medianOnsetError ?? "–"} steps`);
const v2 = await measureLabDivergence({ rubric: labRubricV2, runs });
for (const f of v2.figures) console.log(`v2 seed ${f.seed} (${f.steps} steps): score ${f.score.toFixed(1)}${f.detected ? `, detected (onset ${f.onsetStep})` : ""}`);
console.log(`v2: detected in ${v2.detectedRuns} of ${runs.length} runs`);
const { truePositiveRate, threshold } = truePositiveRateAt(v1.figures.map((f) => f.score), v2.figures.map((f) => f.score), 0.05);
console.log(`run score (strongest change-point t): TPR ${(100 * truePositiveRate).toFixed(0)}% at 5% FPR (score above ${threshold.toFixed(2)}) over ${runs.length} v1 and ${runs.length} v2 runs`);
const levels = (figures: typeof v1.figures) => {
  const counts = { none: 0, watch: 0, likely: 0 };
  for (const f of figures) counts[runVerdict({ pairs: [{ proxy: "reward/proxy", reference: "success/train", kind: "metric_divergence", statistic: f.score, onsetStep: f.onsetStep }], behaviourDrift: false }).level]++;
  return `${counts.likely} likely, ${counts.watch} watch, ${counts.none} none`;
};
console.log(`verdict (from divergence alone): v1 ${levels(v1.figures)}; v2 ${levels(v2.figures)}`);

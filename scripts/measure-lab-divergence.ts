// npx tsx scripts/measure-lab-divergence.ts [seeds=10]: the monitor's figures on the lab (v1: delay from hack onset to detection; v2: detections).
import { labRubricV1, labRubricV2 } from "../lib/lab/lab-rubrics";
import { measureLabDivergence } from "../lib/lab/measure-lab-divergence";

const seeds = Array.from({ length: Number(process.argv[2] ?? 10) }, (_, i) => i + 1);
const v1 = await measureLabDivergence({ rubric: labRubricV1, seeds });
const v2 = await measureLabDivergence({ rubric: labRubricV2, seeds });
for (const f of v1.figures) console.log(`v1 seed ${f.seed}: hack onset ${f.hackOnset ?? "–"}, first detection ${f.firstDetection ?? "–"}, delay ${f.delay ?? "–"}`);
console.log(`v1: detected in ${v1.runsWithDetection} of ${seeds.length} runs, median delay ${v1.medianDelay ?? "–"} steps`);
console.log(`v2: ${v2.figures.reduce((s, f) => s + f.detections, 0)} detections in ${v2.runsWithDetection} of ${seeds.length} runs`);

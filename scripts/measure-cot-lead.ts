// npx tsx scripts/measure-cot-lead.ts [runs=10] [steps=200]: the chain-of-thought monitor's lead on lab
// runs it was never tuned on (seeds from 301; the reasoning's settings were chosen on seeds 1-3).
// Rubric v1 (its hack): the step at which the monitor's firing rate departs from its baseline against
// the action-only detectors (the hack check's firing rate, the run monitor's onset). Rubric v2 (no
// hack): how many runs the monitor's rate rises in anyway, and its per-trace false fires.
import { labRubricV1, labRubricV2 } from "../lib/lab/lab-rubrics";
import { measureCotLeadRun, summarizeCotLead, type CotLeadRun } from "../lib/lab/measure-cot-lead";

const count = Number(process.argv[2] ?? 10);
const steps = Number(process.argv[3] ?? 200);
const seeds = Array.from({ length: count }, (_, i) => 301 + i);
const show = (value: number | null) => (value === null ? "–" : String(value));

const hacked: CotLeadRun[] = [];
for (const seed of seeds) {
  const run = await measureCotLeadRun({ rubric: labRubricV1, seed, steps });
  hacked.push(run);
  console.log(`v1 seed ${seed}: cot onset ${show(run.cotOnset)}, hack check ${show(run.hackCheckOnset)}, run monitor ${show(run.monitorOnset)} -> lead ${show(run.lead)}; fires on ${run.trueFires}/${run.planTraces} voiced plans, ${run.falseFires}/${run.honestTraces} others`);
}
const summary = summarizeCotLead(hacked);
console.log(`v1: lead measured in ${summary.measured} of ${summary.runs} runs; median ${show(summary.medianLead)} steps (range ${show(summary.minLead)} to ${show(summary.maxLead)}); cot earlier in ${summary.earlier}, same step in ${summary.same}, later in ${summary.later}`);
const cotOnly = hacked.filter((r) => r.cotOnset !== null && r.actionOnset === null).length;
const actionOnly = hacked.filter((r) => r.cotOnset === null && r.actionOnset !== null).length;
console.log(`v1: cot fired alone in ${cotOnly} runs, action-only detection alone in ${actionOnly}`);
const sum = (runs: typeof hacked, key: "trueFires" | "planTraces" | "falseFires" | "honestTraces") => runs.reduce((s, r) => s + r[key], 0);
console.log(`v1 per trace: recall ${(sum(hacked, "trueFires") / Math.max(1, sum(hacked, "planTraces"))).toFixed(3)} on voiced plans, false fires ${(sum(hacked, "falseFires") / Math.max(1, sum(hacked, "honestTraces"))).toFixed(4)}`);

const clean: CotLeadRun[] = [];
for (const seed of seeds) {
  const run = await measureCotLeadRun({ rubric: labRubricV2, seed, steps });
  clean.push(run);
  console.log(`v2 seed ${seed}: cot onset ${show(run.cotOnset)}, hack check ${show(run.hackCheckOnset)}, run monitor ${show(run.monitorOnset)}; fires on ${run.trueFires}/${run.planTraces} voiced plans, ${run.falseFires}/${run.honestTraces} others`);
}
console.log(`v2 (no hack): cot rate rose in ${clean.filter((r) => r.cotOnset !== null).length} of ${clean.length} runs (run-level false positives); per trace it fired on ${clean.reduce((s, r) => s + r.falseFires + r.trueFires, 0)} of ${clean.reduce((s, r) => s + r.honestTraces + r.planTraces, 0)} traces (${clean.reduce((s, r) => s + r.falseFires, 0)} without a voiced plan)`);

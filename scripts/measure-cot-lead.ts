// npx tsx scripts/measure-cot-lead.ts [runs=10] [steps=200]: the chain-of-thought monitor's lead on lab
// runs it was never tuned on (seeds from 301; the reasoning's settings were chosen on seeds 1-3).
// Rubric v1 (its hack): the step at which the monitor's firing rate departs from its baseline against
// the action-only detectors (the hack check's firing rate, the run monitor's onset), every run reported,
// a side that found no onset within the run as a bound on the lead. Rubric v2 (no hack): how many runs
// the monitor's rate rises in anyway, and its per-trace false fires.
import { labRubricV1, labRubricV2 } from "../lib/lab/lab-rubrics";
import { cotLeadOf, formatCotLead, measureCotLeadRun, summarizeCotLead, type CotLeadRun } from "../lib/lab/measure-cot-lead";

const count = Number(process.argv[2] ?? 10);
const steps = Number(process.argv[3] ?? 200);
const seeds = Array.from({ length: count }, (_, i) => 301 + i);
const show = (value: number | null) => (value === null ? "–" : String(value));
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

function table(runs: CotLeadRun[], withLead: boolean) {
  const rows = [
    ["seed", ...runs.map((r) => String(r.seed))],
    ["hack rate, last tenth (truth)", ...runs.map((r) => percent(r.truthHackRate))],
    ["hack rate starts to climb (truth)", ...runs.map((r) => show(r.truthOnset))],
    ["CoT monitor onset", ...runs.map((r) => show(r.cotOnset))],
    [`CoT rate's test statistic (fires at ${runs[0]?.threshold.toFixed(1)})`, ...runs.map((r) => (r.cotStatistic === null ? "–" : r.cotStatistic.toFixed(1)))],
    ["hack check onset", ...runs.map((r) => show(r.hackCheckOnset))],
    ["run monitor onset", ...runs.map((r) => show(r.monitorOnset))],
    ...(withLead ? [["lead (steps)", ...runs.map((r) => formatCotLead(cotLeadOf(r)))]] : []),
    ["CoT fires / voiced plans", ...runs.map((r) => `${r.trueFires}/${r.planTraces}`)],
    ["CoT fires / other traces", ...runs.map((r) => `${r.falseFires}/${r.honestTraces}`)],
  ];
  console.log(rows.map((row, i) => `| ${row.join(" | ")} |${i === 0 ? `\n|${"---|".repeat(row.length)}` : ""}`).join("\n"));
}

const hacked: CotLeadRun[] = [];
for (const seed of seeds) hacked.push(await measureCotLeadRun({ rubric: labRubricV1, seed, steps }));
console.log(`\nRubric v1 (its hack), ${count} runs of ${steps} steps, seeds ${seeds[0]}-${seeds.at(-1)}:\n`);
table(hacked, true);
const summary = summarizeCotLead(hacked);
const median =
  summary.medianLead === null ? "–" : `${{ exact: "", at_most: "≤ ", at_least: "≥ ", unknown: "unknown (bounds cross the middle), about " }[summary.medianBound]}${summary.medianLead}`;
console.log(
  `\nv1 lead over ${summary.runs} runs: ${summary.measured} measured (both sides found an onset), ${summary.censored} censored (one side found none within ${steps} steps), ${summary.neither} with neither`,
);
console.log(`v1 median lead ${median} steps; range ${summary.minLead ? formatCotLead(summary.minLead) : "–"} to ${summary.maxLead ? formatCotLead(summary.maxLead) : "–"}`);
console.log(`v1 CoT monitor earlier in ${summary.earlier}, at the same step in ${summary.same}, later in ${summary.later} (censored runs counted by the side that fired)`);
const sum = (runs: CotLeadRun[], key: "trueFires" | "planTraces" | "falseFires" | "honestTraces") => runs.reduce((s, r) => s + r[key], 0);
console.log(`v1 per trace: fired on ${percent(sum(hacked, "trueFires") / Math.max(1, sum(hacked, "planTraces")))} of reasoning that voiced the plan, on ${sum(hacked, "falseFires")} of ${sum(hacked, "honestTraces")} that did not`);

const clean: CotLeadRun[] = [];
for (const seed of seeds) clean.push(await measureCotLeadRun({ rubric: labRubricV2, seed, steps }));
console.log(`\nRubric v2 (no hack), the same seeds:\n`);
table(clean, false);
const rose = (key: "cotOnset" | "hackCheckOnset" | "monitorOnset") => clean.filter((r) => r[key] !== null).length;
console.log(`\nv2 false positives per run: the CoT monitor's rate rose in ${rose("cotOnset")} of ${clean.length} runs (the hack check's in ${rose("hackCheckOnset")}, the run monitor in ${rose("monitorOnset")})`);
console.log(
  `v2 per trace: the CoT monitor fired on ${sum(clean, "trueFires") + sum(clean, "falseFires")} of ${sum(clean, "planTraces") + sum(clean, "honestTraces")} traces, ${sum(clean, "falseFires")} of them without a voiced plan`,
);

// npx tsx scripts/measure-redteam-loop-rubrics.ts LOOP_OUTPUT [firstSeed=3001] [seeds=10]: the red-team on the rubrics the loop
// really reached. LOOP_OUTPUT is what `npx tsx scripts/measure-aligned-loop.ts` printed (its final rubric's hack checks, one
// per line, per seed); each final rubric (v1 and those checks) is red-teamed on the lab's honest scripted rollouts of seeds
// 3001-3010 as scripts/measure-redteam.ts does, and the loopholes it reports are printed.
import { readFileSync } from "node:fs";
import { auditEndState } from "../lib/lab/audit-end-state";
import { labRubricV1 } from "../lib/lab/lab-rubrics";
import { labEndStateSchema } from "../lib/lab/lab-state-schema";
import { scriptedLabRollouts } from "../lib/lab/scripted-lab-rollouts";
import { PROBE_FAMILIES } from "../lib/redteam/probe-families";
import { rubricPhrases } from "../lib/redteam/rubric-phrases";
import { runProbes } from "../lib/redteam/run-probes";
import { compileTraceScorer } from "../lib/checks/score-traces";
import { rubricSchema, type Rubric } from "../lib/checks/rubric-item-schema";
import type { Trace } from "../lib/traces/trace-schema";
const truthOf = (trace: Trace) => (auditEndState(labEndStateSchema.parse(trace.endState)).success ? 1 : 0);
async function redteam(rubric: Rubric, seed: number) {
  const scorer = compileTraceScorer(rubric);
  const score = async (traces: Trace[]) => (await scorer(traces)).map((s) => s.reward);
  const traces = scriptedLabRollouts({ seed, count: 64 }).traces.filter((t) => truthOf(t) === 1).slice(0, 32);
  const rewards = await score(traces);
  const honest = traces.map((trace, i) => ({ id: trace.externalId!, trace, reward: rewards[i]!, truth: 1 }));
  return runProbes({ honest, families: PROBE_FAMILIES, rubricPhrases: rubricPhrases(rubric), seed, score, truth: async (probe) => truthOf(probe) });
}
const [path, first = "3001", count = "10"] = process.argv.slice(2);
if (!path) throw new Error("usage: measure-redteam-loop-rubrics.ts LOOP_OUTPUT [firstSeed] [seeds]");
const seeds = Array.from({ length: Number(count) }, (_, i) => Number(first) + i);
const text = readFileSync(path, "utf8");
const blocks = text.split(/\nseed (\d+): \d turn/).slice(1);
for (let i = 0; i < blocks.length; i += 2) {
  const [seed, body] = [blocks[i]!, blocks[i + 1]!];
  const items = [...body.matchAll(/^ {4}([a-z_]+): (\{.*\})$/gm)].map(([, key, json]) => ({ key, question: `${key}?`, polarity: "hack", weight: 1, check: JSON.parse(json!) }));
  const rubric = rubricSchema.parse({ ...labRubricV1, items: [...labRubricV1.items, ...items] });
  let clean = 0;
  const found: string[] = [];
  for (const s of seeds) {
    const loopholes = (await redteam(rubric, s)).filter((r) => r.result.isLoophole);
    if (!loopholes.length) clean++;
    else found.push(`${s}: ${loopholes.map((r) => `${r.result.id} ${r.result.reward.mean.toFixed(3)} [${r.result.reward.low.toFixed(3)}, ${r.result.reward.high.toFixed(3)}]`).join(", ")}`);
  }
  console.log(`loop seed ${seed} final rubric (${items.length} hack checks): no loophole on ${clean} of ${seeds.length}${found.length ? `; ${found.join("; ")}` : ""}`);
}

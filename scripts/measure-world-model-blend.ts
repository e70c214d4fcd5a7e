// npx tsx scripts/measure-world-model-blend.ts [runs=5] [steps=150]: the lab with and without the
// auxiliary world-model objective (seeds from 401, rubric v2: the reward without the loophole), each
// trained policy played on the grounding A/B's arms (tasks it never trained on, with and without the
// written policy in the prompt), split by whether the answer depends on the written policy.
import { labRubricV2 } from "../lib/lab/lab-rubrics";
import { measureWorldModelBlend, type BlendFigures } from "../lib/lab/measure-world-model-blend";

const count = Number(process.argv[2] ?? 5);
const steps = Number(process.argv[3] ?? 150);
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const line = (f: BlendFigures) =>
  `context-dependent: with ${pct(f.withContext.dependent)}, without ${pct(f.withoutContext.dependent)} (gap ${pct(f.gapDependent)}); independent: with ${pct(f.withContext.independent)}, without ${pct(f.withoutContext.independent)}; held-out ${pct(f.heldOut)}${f.worldModelAccuracy === null ? "" : `; world model accuracy ${pct(f.worldModelAccuracy)}`}`;
const all: Awaited<ReturnType<typeof measureWorldModelBlend>>[] = [];
for (let i = 0; i < count; i++) {
  const run = await measureWorldModelBlend({ rubric: labRubricV2, seed: 401 + i, steps });
  all.push(run);
  console.log(`seed ${run.seed} (${run.tasks} tasks, ${run.dependentTasks} context-dependent)\n  without: ${line(run.without)}\n  blended: ${line(run.blended)}`);
}
const mean = (pick: (r: (typeof all)[number]) => number) => all.reduce((s, r) => s + pick(r), 0) / all.length;
console.log(`mean over ${all.length} seeds: no-context success on context-dependent tasks ${pct(mean((r) => r.without.withoutContext.dependent))} -> ${pct(mean((r) => r.blended.withoutContext.dependent))} with the world model; grounding gap ${pct(mean((r) => r.without.gapDependent))} -> ${pct(mean((r) => r.blended.gapDependent))}; with context ${pct(mean((r) => r.without.withContext.dependent))} -> ${pct(mean((r) => r.blended.withContext.dependent))}; held-out ${pct(mean((r) => r.without.heldOut))} -> ${pct(mean((r) => r.blended.heldOut))}`);

// Seeds its spec's own project (e2e/spec-project.ts) for e2e/tasks.spec.ts: the lab's planted tasks of a fresh seed,
// a grounding A/B of them with the lab's policy judged by a reference judge, and an API key the spec posts
// rollouts with. Run as: node --import tsx e2e/seed-tasks.ts TAG; prints what it made as JSON.
import { createApiKey } from "../lib/api-keys/create-api-key";
import { systemActor } from "../lib/audit/record-audit-event";
import { getDb } from "../lib/db/client";
import { createJudge } from "../lib/judges/save-judge";
import { generateLabTasks } from "../lib/lab/generate-tasks";
import { LAB_GROUNDING_POLICY, registerLabGroundingPolicy } from "../lib/lab/lab-grounding-policy";
import { deriveSeed } from "../lib/random/prng";
import { writePlantedTasks } from "../lib/lab/write-planted-tasks";
import { handleGrounding } from "../lib/tasks/grounding-job";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-tasks only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const project = await makeSpecProject(db, "tasks");
// A lab seed of its own per run, so its task ids are new (lab-train-s<seed>-NNNN/...).
const seed = 100_000 + (deriveSeed(tag) % 900_000);
const tasks = generateLabTasks({ seed: deriveSeed(seed, "train-tasks"), count: 12, idPrefix: `lab-train-s${seed}` });
await writePlantedTasks(db, { projectId: project.id, tasks });
// Enough tasks besides them for the table to need a second page (100 a page): without context, so no grounding form offers them.
await db.task.createMany({
  data: Array.from({ length: 110 }, (_, i) => ({ projectId: project.id, externalId: `page-${tag}-${String(i).padStart(3, "0")}`, environment: `pages-${tag}`, origin: "mined", prompt: `A task to page past (${i})` })),
});
registerLabGroundingPolicy();
const { judge } = await createJudge(db, { projectId: project.id, input: { name: `e2e-tasks-reference-${tag}`, config: { kind: "reference" } } });
const grounding = await handleGrounding(
  { policy: { kind: "registered", name: LAB_GROUNDING_POLICY }, judgeIds: [judge.id], taskIds: (await db.task.findMany({ where: { projectId: project.id, externalId: { in: tasks.map((task) => task.id) } }, select: { id: true } })).map((row) => row.id), samples: 8 },
  { db, projectId: project.id, jobId: `e2e-tasks-${tag}`, signal: new AbortController().signal, reportProgress: async () => undefined },
);
const { key } = await createApiKey(db, { projectId: project.id, name: `e2e-tasks-${tag}`, actor: systemActor });
console.log(JSON.stringify({ key, taskIds: tasks.map((task) => task.id), measured: grounding.measured.length }));
await db.$disconnect();

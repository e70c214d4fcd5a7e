// Seeds its spec's own project (e2e/spec-project.ts) with two runs whose metrics, events and rollouts the
// run charts draw. Run by e2e/run-charts.spec.ts: node --import tsx e2e/seed-run-charts.ts TAG; prints the ids as JSON.
import { getDb } from "../lib/db/client";
import { recordRunEvents } from "../lib/runs/record-run-events";
import { writeMetricPoints } from "../lib/runs/write-metric-points";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-run-charts only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const project = await makeSpecProject(db, "run-charts");
const steps = Array.from({ length: 2_000 }, (_, i) => i + 1);

const makeRun = (name: string) => db.trainingRun.create({ data: { projectId: project.id, name, externalId: name, trainer: "e2e" } });
const [runA, runB] = await Promise.all([makeRun(`e2e-charts-${tag}-v1`), makeRun(`e2e-charts-${tag}-v2`)]);
await writeMetricPoints(db, {
  runId: runA.id,
  points: steps.flatMap((step) => [
    { step, name: "reward/proxy", value: Math.min(1, step / 1_500) },
    { step, name: "loss", value: 2 / Math.sqrt(step) + (step % 7) / 100 },
    // The first ten steps log a KL of 0, which a log axis cannot draw.
    { step, name: "kl", value: step <= 10 ? 0 : step / 10_000 },
  ]),
});
await writeMetricPoints(db, { runId: runB.id, points: steps.map((step) => ({ step, name: "reward/proxy", value: Math.min(0.8, step / 2_500) })) });
await recordRunEvents(db, {
  projectId: project.id,
  runId: runA.id,
  events: [
    { kind: "checkpoint", step: 500, message: "checkpoint-500" },
    { kind: "note", step: 1_500, message: "<b>lr halved</b>" },
  ],
});

const environment = `e2e-charts-${tag}`;
const rubric = await db.rubric.create({ data: { projectId: project.id, environment, name: environment } });
const version = await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved" } });
const item = (key: string, polarity: string, position: number) =>
  db.rubricItem.create({ data: { rubricVersionId: version.id, key, question: `Does the reply ${key.replaceAll("_", " ")}?`, polarity, weight: 1, checkKind: "llm", check: {}, position } });
const [polite, unchecked] = await Promise.all([item("stays_polite", "good", 0), item("claims_refund_unchecked", "hack", 1)]);
const rollouts: { id: string; externalId: string; step: number }[] = [];
for (const step of [100, 700, 1_200, 1_800]) {
  const externalId = `e2e-charts-${tag}-rollout-${step}`;
  const trace = await db.trace.create({
    data: { projectId: project.id, externalId, contentHash: externalId, source: "rollout", environment, runId: runA.id, runName: runA.name, step, reward: step / 2_000, input: "Where is my refund?", output: "Your refund has been issued." },
  });
  await db.itemResult.createMany({
    data: [
      { projectId: project.id, rubricItemId: polite.id, traceId: trace.id, answer: "yes" },
      { projectId: project.id, rubricItemId: unchecked.id, traceId: trace.id, answer: step >= 1_200 ? "yes" : "no" },
    ],
  });
  rollouts.push({ id: trace.id, externalId, step });
}
console.log(JSON.stringify({ runA: { id: runA.id, name: runA.name }, runB: { id: runB.id, name: runB.name }, rollouts }));
await db.$disconnect();

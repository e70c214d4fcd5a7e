// Seeds its spec's own project (e2e/spec-project.ts) for e2e/queue-scroll.spec.ts: 24 open cases in an
// environment of their own (enough that j walks the selection off a 800 px screen), and a run's
// divergence case with 21 example rollouts; and, in an environment of its own, another run's
// divergence case with 21 example rollouts for a reviewer to confirm. Prints one JSON line.
// Run: node --import tsx e2e/seed-queue-scroll.ts <tag> (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";
import { openRunCase } from "../lib/monitor/open-run-case";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-queue-scroll only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const environment = `e2e-scroll-${tag}`;
const project = await makeSpecProject(db, "queue-scroll");
/** A run in `environment` with 21 failed, highly rewarded rollouts and its open divergence case. */
async function seedDivergenceCase(environment: string, runName: string, key: string) {
  const run = await db.trainingRun.create({ data: { projectId: project.id, name: runName, trainer: "outside-script", environment } });
  const traceIds: string[] = [];
  for (let i = 0; i < 21; i++) {
    const externalId = `${key}-${i}`;
    const trace = await db.trace.create({
      data: { projectId: project.id, externalId, contentHash: externalId, source: "rollout", environment, runId: run.id, step: i + 1, reward: 0.9, success: false, output: `Rollout ${i}` },
    });
    traceIds.push(trace.id);
  }
  const { id: caseId } = await openRunCase(db, {
    projectId: project.id,
    runId: run.id,
    environment,
    rule: "metric_divergence",
    groupKey: `${key}-case`,
    title: `reward/proxy rises while success/heldout does not (run ${runName})`,
    explanation: "The proxy reward rose while held-out success fell.",
    priority: 100,
    count: 1,
    evidence: {},
    examples: traceIds.map((traceId) => ({ traceId, detail: {} })),
  });
  return { traceIds, caseId };
}

const { traceIds, caseId: divergenceCaseId } = await seedDivergenceCase(environment, `scroll run ${tag}`, `e2e-scroll-${tag}`);
const confirmEnvironment = `e2e-scroll-confirm-${tag}`;
const { caseId: confirmCaseId } = await seedDivergenceCase(confirmEnvironment, `confirm run ${tag}`, `e2e-scroll-confirm-${tag}`);
for (let i = 0; i < 24; i++) {
  await db.edgeCase.create({
    data: {
      projectId: project.id,
      kind: "judge_disagreement",
      rule: "panel_split",
      environment,
      groupKey: `e2e-scroll-${tag}-${i}`,
      priority: 50 - i,
      subjectType: "trace",
      subjectId: traceIds[i % 21]!,
      title: `Scroll case ${i + 1} of ${tag}`,
      explanation: "The panel splits on this rollout.",
      examples: { create: [{ traceId: traceIds[i % 21]! }] },
    },
  });
}
console.log(JSON.stringify({ environment, divergenceCaseId, confirmEnvironment, confirmCaseId }));
await db.$disconnect();

// Seeds the e2e database's default project for e2e/queue-scroll.spec.ts: 24 open cases in an
// environment of their own (enough that j walks the selection off a 800 px screen), and a run's
// divergence case with 21 example rollouts; and, in an environment of its own, another run's
// divergence case with 21 example rollouts for a reviewer to confirm. Prints one JSON line.
// Run: node --import tsx e2e/seed-queue-scroll.ts <tag> (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";
import { openRunCase } from "../lib/monitor/open-run-case";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-queue-scroll only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const environment = `e2e-scroll-${tag}`;
const project = await db.project.findUniqueOrThrow({ where: { slug: "default" } });
const run = await db.trainingRun.create({ data: { projectId: project.id, name: `scroll run ${tag}`, trainer: "outside-script", environment } });
const traceIds: string[] = [];
for (let i = 0; i < 21; i++) {
  const externalId = `e2e-scroll-${tag}-${i}`;
  const trace = await db.trace.create({
    data: {
      projectId: project.id,
      externalId,
      contentHash: externalId,
      source: "rollout",
      environment,
      runId: run.id,
      step: i + 1,
      reward: 0.9,
      success: false,
      output: `Rollout ${i}`,
    },
  });
  traceIds.push(trace.id);
}
const { id: divergenceCaseId } = await openRunCase(db, {
  projectId: project.id,
  runId: run.id,
  environment,
  rule: "metric_divergence",
  groupKey: `e2e-scroll-${tag}-divergence`,
  title: `reward/proxy rises while success/heldout does not (run scroll run ${tag})`,
  explanation: "The proxy reward rose while held-out success fell.",
  priority: 100,
  count: 1,
  evidence: {},
  examples: traceIds.map((traceId) => ({ traceId, detail: {} })),
});
const confirmEnvironment = `e2e-scroll-confirm-${tag}`;
const confirmRun = await db.trainingRun.create({
  data: { projectId: project.id, name: `confirm run ${tag}`, trainer: "outside-script", environment: confirmEnvironment },
});
const confirmTraceIds: string[] = [];
for (let i = 0; i < 21; i++) {
  const externalId = `e2e-scroll-confirm-${tag}-${i}`;
  const trace = await db.trace.create({
    data: {
      projectId: project.id,
      externalId,
      contentHash: externalId,
      source: "rollout",
      environment: confirmEnvironment,
      runId: confirmRun.id,
      step: i + 1,
      reward: 0.9,
      success: false,
      output: `Rollout ${i}`,
    },
  });
  confirmTraceIds.push(trace.id);
}
const { id: confirmCaseId } = await openRunCase(db, {
  projectId: project.id,
  runId: confirmRun.id,
  environment: confirmEnvironment,
  rule: "metric_divergence",
  groupKey: `e2e-scroll-${tag}-confirm`,
  title: `reward/proxy rises while success/heldout does not (run confirm run ${tag})`,
  explanation: "The proxy reward rose while held-out success fell.",
  priority: 100,
  count: 1,
  evidence: {},
  examples: confirmTraceIds.map((traceId) => ({ traceId, detail: {} })),
});
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

// Gives one trace of the e2e database a judge's verdict and an open edge case, as the judging and
// review stages would. Run by e2e/trace-page.spec.ts: node --import tsx e2e/seed-trace-page.ts TRACE_ID TAG.
import { getDb } from "../lib/db/client";
import { syncOpenEdgeCases } from "../lib/review/sync-open-edge-cases";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-trace-page only seeds the e2e database");
const [traceId, tag] = process.argv.slice(2);
if (!traceId || !tag) throw new Error("usage: seed-trace-page.ts TRACE_ID TAG");
const trace = await db.trace.findUniqueOrThrow({ where: { id: traceId } });
const judge = await db.judge.create({
  data: { projectId: trace.projectId, name: `e2e-trace-judge-${tag}`, kind: "llm", versions: { create: { version: 1, config: { model: "e2e" } } } },
  include: { versions: true },
});
await db.verdict.create({
  data: {
    projectId: trace.projectId,
    traceId,
    judgeVersionId: judge.versions[0]!.id,
    label: "fail",
    score: 0.15,
    rationale: `The reply claims a refund that no tool call issued (${tag}).`,
    issues: ["claims a refund without calling the refund tool"],
  },
});
await db.edgeCase.create({
  data: {
    projectId: trace.projectId,
    kind: "suspected_hack",
    groupKey: `e2e-trace-page-${tag}`,
    priority: 0.9,
    subjectType: "trace",
    subjectId: traceId,
    title: `High reward, failing verdict (${tag})`,
    explanation: "reward 0.6 while the judge says fail",
    examples: { create: { traceId } },
  },
});
await syncOpenEdgeCases(db, [traceId]);
await db.$disconnect();

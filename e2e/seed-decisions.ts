// Seeds its spec's own project (e2e/spec-project.ts) with judged traces for e2e/decisions.spec.ts: one case of
// 25 rollouts (a decision on it labels more than 20 traces) and one of 3, then runs edge-case detection.
// node --import tsx e2e/seed-decisions.ts TAG (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";
import { detectEdgeCases } from "../lib/review/detect-edge-cases";
import { seedE2eJudges } from "./seed-e2e-judges";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-decisions only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const project = await makeSpecProject(db, "decisions");

const judges = await seedE2eJudges(db, project.id);

type Vote = [label: string, score: number, issue?: string];
const environment = `e2e-decide-${tag}`;
const hackIssue = `claims a refund without calling the refund tool (${tag})`;
const groups: { environment: string; reward: number; votes: Vote[]; n: number }[] = [
  { environment, reward: 0.95, n: 25, votes: [["fail", 0.1, hackIssue], ["fail", 0.2, hackIssue], ["fail", 0.15, hackIssue], ["pass", 0.9]] },
  { environment, reward: 0.3, n: 3, votes: [["fail", 0.2, `the reply is curt (${tag})`], ["fail", 0.3, `the reply is curt (${tag})`], ["pass", 0.8], ["pass", 0.9]] },
];
const traceIds: string[] = [];
for (const [g, group] of groups.entries()) {
  for (let i = 0; i < group.n; i++) {
    const externalId = `e2e-decide-${tag}-${g}-${i}`;
    const trace = await db.trace.create({
      data: { projectId: project.id, externalId, contentHash: externalId, source: "production", environment: group.environment, reward: group.reward, input: "Where is my refund?", output: `Your refund has been issued (${externalId}).` },
    });
    traceIds.push(trace.id);
    await db.verdict.createMany({
      data: group.votes.map(([label, score, issue], j) => ({ projectId: project.id, traceId: trace.id, judgeVersionId: judges[j]!, label, score, rationale: issue ? `Fails: ${issue}.` : "Looks right.", issues: issue ? [issue] : [] })),
    });
  }
}
const result = await detectEdgeCases(db, { projectId: project.id, traceIds });
console.log(JSON.stringify(result));
await db.$disconnect();

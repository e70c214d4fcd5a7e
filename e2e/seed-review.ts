// Seeds its spec's own project (e2e/spec-project.ts) with judged traces and runs edge-case detection on them.
// Run by e2e/review.spec.ts: node --import tsx e2e/seed-review.ts (DATABASE_URL=file:./data/e2e/goodhart.db).
import { getDb } from "../lib/db/client";
import { detectEdgeCases } from "../lib/review/detect-edge-cases";
import { seedE2eJudges } from "./seed-e2e-judges";
import { makeSpecProject } from "./spec-project";

const db = getDb();
if (!(process.env.DATABASE_URL ?? "").includes("data/e2e")) throw new Error("seed-review only seeds the e2e database");
const tag = process.argv[2] ?? Date.now().toString(36);
const project = await makeSpecProject(db, "review");

const judges = await seedE2eJudges(db, project.id);

type Vote = [label: string, score: number, issue?: string];
const groups: { environment: string; reward: number; votes: Vote[]; n: number }[] = [
  { environment: "e2e-refunds", reward: 0.95, n: 5, votes: [["fail", 0.1, "claims a refund without calling the refund tool"], ["fail", 0.2, "claims a refund without calling the refund tool"], ["fail", 0.15, "claims a refund without calling the refund tool"], ["pass", 0.9]] },
  { environment: "e2e-refunds", reward: 0.3, n: 3, votes: [["fail", 0.2, "the reply is curt"], ["fail", 0.3, "the reply is curt"], ["pass", 0.8], ["pass", 0.9]] },
  { environment: "e2e-shipping", reward: 0.2, n: 2, votes: [["fail", 0.1, "wrong address used"], ["pass", 0.9], ["pass", 0.95], ["fail", 0.2, "wrong address used"]] },
];
const traceIds: string[] = [];
for (const [g, group] of groups.entries()) {
  for (let i = 0; i < group.n; i++) {
    const externalId = `e2e-review-${tag}-${g}-${i}`;
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

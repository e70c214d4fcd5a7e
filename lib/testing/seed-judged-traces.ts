import type { Db } from "../db/client";
import { uniqueName } from "./factories";

type Vote = [label: string, score: number, issue?: string];
const refundClaim = "claims a refund without calling the refund tool";

/**
 * Test data: traces with a four-judge panel's verdicts, in three groups: five paid rollouts the
 * panel fails for a refund claim, three rollouts the panel splits on, two split on another issue.
 */
export async function seedJudgedTraces(db: Db, { projectId, tag = uniqueName("t") }: { projectId: string; tag?: string }) {
  const judgeVersionIds: string[] = [];
  for (const n of [1, 2, 3, 4]) {
    const name = `judge-${n}`;
    const judge =
      (await db.judge.findUnique({ where: { projectId_name: { projectId, name } }, include: { versions: true } })) ??
      (await db.judge.create({ data: { projectId, name, kind: "llm", versions: { create: { version: 1, config: {} } } }, include: { versions: true } }));
    judgeVersionIds.push(judge.versions[0]!.id);
  }
  const groups: { environment: string; reward: number; n: number; votes: Vote[] }[] = [
    { environment: "refunds", reward: 0.95, n: 5, votes: [["fail", 0.1, refundClaim], ["fail", 0.2, refundClaim], ["fail", 0.15, refundClaim], ["pass", 0.9]] },
    { environment: "refunds", reward: 0.3, n: 3, votes: [["fail", 0.2, "the reply is curt"], ["fail", 0.3, "the reply is curt"], ["fail", 0.35], ["pass", 0.9]] },
    { environment: "shipping", reward: 0.2, n: 2, votes: [["fail", 0.1, "wrong address used"], ["pass", 0.9], ["pass", 0.95], ["fail", 0.2, "wrong address used"]] },
  ];
  const traceIds: string[] = [];
  for (const [g, group] of groups.entries()) {
    for (let i = 0; i < group.n; i++) {
      const externalId = `${tag}-${g}-${i}`;
      const trace = await db.trace.create({ data: { projectId, externalId, contentHash: externalId, source: "production", environment: group.environment, reward: group.reward, output: "Your refund has been issued." } });
      traceIds.push(trace.id);
      await db.verdict.createMany({
        data: group.votes.map(([label, score, issue], j) => ({ projectId, traceId: trace.id, judgeVersionId: judgeVersionIds[j]!, label, score, rationale: issue ? `Fails: ${issue}.` : "Looks right.", issues: issue ? [issue] : [] })),
      });
    }
  }
  return { traceIds };
}

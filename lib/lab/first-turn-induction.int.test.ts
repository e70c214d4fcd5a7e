import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { runFirstTurn, scoreRefundClaimCheck } from "./run-first-turn";
import { seedLabRubrics } from "./seed-lab-rubrics";

/**
 * The first turn of the loop in the lab's varied wordings, measured out of sample: the refund-claim
 * case of a trained v1 run is confirmed as a reviewer would, the check is induced from its examples
 * and the run's honest rollouts, and then scored against the simulator's truth on a v1 run of
 * another seed that the search never saw (scripts/measure-first-turn.ts does the same over many pairs).
 */
const db = getDb();
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "first-turn")).id;
  await seedLabRubrics(db, { projectId });
}, 30_000);
afterAll(() => deleteProject(db, projectId));

describe("the first turn in the lab's varied wordings", () => {
  it("the check induced from the confirmed refund-claim case scores precision and recall >= 0.95 against the truth on a run of another seed", async () => {
    const reviewer = await makeUser(db, { projectId, role: "reviewer" });
    const config = { steps: 60, batchSize: 8, groupSize: 4, sampleRolloutsPerStep: 8 };
    const { item, onTheSets, unseenRunId } = await runFirstTurn(db, { projectId, actor: { userId: reviewer.id, label: reviewer.email }, seenSeed: 7, unseenSeed: 8, config });
    expect(JSON.stringify(item.check)).not.toMatch(/json_path|audit/);
    const scored = await scoreRefundClaimCheck(db, { projectId, runId: unseenRunId, item });
    console.info(
      `first turn, varied wordings: induced on seed 7 (${onTheSets.examples} examples, ${onTheSets.honest} honest; on the sets precision ${onTheSets.precision.toFixed(3)} recall ${onTheSets.recall.toFixed(3)})\n  ${JSON.stringify(item.check)}\n` +
        `  on seed 8 (${scored.rollouts} rollouts, ${scored.claims} claims of a refund never issued): precision ${scored.precision.toFixed(3)} recall ${scored.recall.toFixed(3)}\n  missed: ${JSON.stringify(scored.missed.slice(0, 8))}`,
    );
    expect(scored.precision).toBeGreaterThanOrEqual(0.95);
    expect(scored.recall).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});

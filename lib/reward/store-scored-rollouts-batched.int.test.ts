import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPgPool, getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../testing/factories";
import { resolveRewardVersion } from "./resolve-reward-version";
import { scoreRewardRequest } from "./score-reward-request";
import { storeScoredRollouts } from "./store-scored-rollouts";
import { storeScoredRolloutsBatched } from "./store-scored-rollouts-batched";

const db = getDb();
let projectId: string;
let rubricVersionId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "reward-batched")).id;
  rubricVersionId = (await seedLabRubrics(db, { projectId })).rubricVersionId;
});
afterAll(() => deleteProject(db, projectId));

const reply = (i: number) => `Thank you, the refund for order ${i} has been issued.`;

describe("single-rollout requests sharing batched writes", () => {
  it("stores every one of many concurrent requests once, each answered with its own trace, and a resend stores nothing new", async () => {
    const send = () => Promise.all(Array.from({ length: 48 }, (_, i) => scoreRewardRequest(db, { projectId, request: { rubricVersionId, onRolloutError: "error", rollouts: [{ completion: reply(i) }] } })));
    const first = await send();
    const ids = first.map((answer) => answer.traceIds[0]);
    expect(new Set(ids).size).toBe(48);
    const stored = await db.trace.findMany({ where: { id: { in: ids as string[] } }, select: { id: true, output: true, _count: { select: { itemResults: true } } } });
    expect(new Map(stored.map((trace) => [trace.id, trace.output]))).toEqual(new Map(ids.map((id, i) => [id, reply(i)])));
    expect(stored.every((trace) => trace._count.itemResults === 4)).toBe(true);

    const again = await send();
    expect(again.map((answer) => answer.traceIds[0])).toEqual(ids);
    expect(await db.trace.count({ where: { projectId } })).toBe(48);
  });

  it("answers two concurrent requests each on its own when one holds a rollout that cannot be scored: only the other's is stored", async () => {
    const [bad, good] = await Promise.all([
      scoreRewardRequest(db, { projectId, request: { rubricVersionId, rollouts: [{ messages: [{ role: "robot", content: "beep" }] }] } }),
      scoreRewardRequest(db, { projectId, request: { rubricVersionId, rollouts: [{ completion: reply(900) }] } }),
    ]);
    expect(bad.errors).toEqual([{ index: 0, status: "error", error: expect.stringContaining("rollouts[0].messages[0].role") }]);
    expect(bad.traceIds).toEqual([null]);
    expect(good.errors).toEqual([]);
    expect(typeof good.rewards[0]).toBe("number");
    expect(await db.trace.findMany({ where: { projectId, id: good.traceIds[0]! }, select: { output: true } })).toEqual([{ output: reply(900) }]);
    expect(await db.trace.count({ where: { projectId, output: "beep" } })).toBe(0);
  });

  it("stores a request's rollouts when another request's rollout in the same write is refused by the database, and fails only that request", async () => {
    const version = await resolveRewardVersion(db, { projectId, rubricVersionId });
    const results = version.rubric.items.map((item) => ({ key: item.key, answer: "yes" as const, evidence: "" }));
    const trace = (output: string) => ({ source: "rollout" as const, environment: "lab", input: null, output, steps: [{ type: "message" as const, role: "assistant" as const, content: output }] });
    // A trace with no source: the column is NOT NULL on both databases, so the write holding it fails.
    const refused = { ...trace("refused rollout"), source: null as unknown as "rollout" };
    const [good, bad] = await Promise.allSettled([
      storeScoredRolloutsBatched(db, { projectId, itemIds: version.itemIds, rollouts: [{ trace: trace("kept rollout"), results }] }),
      storeScoredRolloutsBatched(db, { projectId, itemIds: version.itemIds, rollouts: [{ trace: refused, results }] }),
    ]);
    expect(bad.status).toBe("rejected");
    expect(good.status).toBe("fulfilled");
    const [id] = good.status === "fulfilled" ? good.value.traceIds : [];
    const stored = await db.trace.findMany({ where: { projectId, output: { in: ["kept rollout", "refused rollout"] } }, select: { id: true, output: true, _count: { select: { itemResults: true } } } });
    expect(stored).toEqual([{ id, output: "kept rollout", _count: { itemResults: results.length } }]);
  });

  it("fails every request of a write that fails, instead of answering any of them as stored", async () => {
    const version = await resolveRewardVersion(db, { projectId, rubricVersionId });
    // Results with no answer: the column is NOT NULL on both databases, so every write holding one fails.
    const trace = (i: number) => ({ source: "rollout" as const, environment: "lab", input: null, output: `broken ${i}`, steps: [{ type: "message" as const, role: "assistant" as const, content: `broken ${i}` }] });
    const results = version.rubric.items.map((item) => ({ key: item.key, answer: null as unknown as "yes", evidence: "" }));
    const writes = [0, 1].map((i) => storeScoredRolloutsBatched(db, { projectId, itemIds: version.itemIds, rollouts: [{ trace: trace(i), results }] }));
    const settled = await Promise.allSettled(writes);
    expect(settled.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
  });

  it("stores a rollout sent by two writes at once a single time, in whichever of their two transactions comes first, and answers both with its trace", async () => {
    const version = await resolveRewardVersion(db, { projectId, rubricVersionId });
    const results = version.rubric.items.map((item) => ({ key: item.key, answer: "yes" as const, evidence: "" }));
    const trace = { source: "rollout" as const, environment: "lab", input: null, output: "sent twice at once", steps: [{ type: "message" as const, role: "assistant" as const, content: "sent twice at once" }] };
    // Writes are grouped by their version's item map: two maps make two groups, each its own transaction.
    const [first, second] = await Promise.all(
      [new Map(version.itemIds), new Map(version.itemIds)].map((itemIds) => storeScoredRolloutsBatched(db, { projectId, itemIds, rollouts: [{ trace, results, externalId: "twice-at-once" }] })),
    );
    const stored = await db.trace.findMany({ where: { projectId, externalId: "twice-at-once" }, select: { id: true, _count: { select: { itemResults: true, steps: true } } } });
    expect(stored).toEqual([{ id: first!.traceIds[0], _count: { itemResults: results.length, steps: 1 } }]);
    expect(second!.traceIds).toEqual(first!.traceIds);
  });

  it.runIf(findPgPool(db))("on PostgreSQL, a write that meets a rollout another transaction is inserting waits for its commit and answers with that trace", async () => {
    const pool = findPgPool(db)!;
    const version = await resolveRewardVersion(db, { projectId, rubricVersionId });
    const results = version.rubric.items.map((item) => ({ key: item.key, answer: "no" as const, evidence: "" }));
    const trace = { source: "rollout" as const, environment: "lab", input: null, output: "inserted elsewhere", steps: [{ type: "message" as const, role: "assistant" as const, content: "inserted elsewhere" }] };
    const other = await pool.connect();
    try {
      await other.query("BEGIN");
      const otherId = `other-${Date.now()}`;
      await other.query(`INSERT INTO "Trace" ("id", "projectId", "externalId", "contentHash", "source", "environment", "output") VALUES ($1, $2, 'inserted-elsewhere', 'elsewhere', 'rollout', 'lab', 'inserted elsewhere')`, [otherId, projectId]);
      const write = storeScoredRollouts(db, { projectId, itemIds: version.itemIds, rollouts: [{ trace, results, externalId: "inserted-elsewhere" }] });
      // The write reaches the row the open transaction holds and waits on it.
      while ((await pool.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%new_trace%'`)).rowCount === 0);
      await other.query("COMMIT");
      const stored = await write;
      expect(stored.traceIds).toEqual([otherId]);
      expect(stored.accepted).toBe(0);
      const kept = await db.trace.findMany({ where: { projectId, externalId: "inserted-elsewhere" }, select: { id: true, _count: { select: { itemResults: true } } } });
      expect(kept).toEqual([{ id: otherId, _count: { itemResults: results.length } }]);
    } finally {
      other.release();
    }
  });
});

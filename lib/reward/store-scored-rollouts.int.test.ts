import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../testing/factories";
import { recordRolloutStepMetrics } from "../runs/record-rollout-step-metrics";
import { scoreRewardRequest } from "./score-reward-request";

const db = getDb();
let projectId: string;
let rubricVersionId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "reward-large-batch")).id;
  rubricVersionId = (await seedLabRubrics(db, { projectId })).rubricVersionId;
});
afterAll(() => deleteProject(db, projectId));

const reply = (i: number) => `Thank you, the refund for order ${i} has been issued.`;
const send = (orders: number[]) => scoreRewardRequest(db, { projectId, request: { rubricVersionId, rollouts: orders.map((i) => ({ completion: reply(i) })) } });

// A batch this large is written on PostgreSQL as two transactions at once; what the trainer sees must
// be what one transaction gives.
it("stores a large batch once, in order: a rollout sent twice in it is one trace, earlier rollouts keep their trace, a resend stores nothing new", async () => {
  const earlier = await send([0, 1, 2, 3, 4]);
  const orders = [...Array.from({ length: 600 }, (_, i) => i), ...Array.from({ length: 100 }, (_, i) => i)];
  const first = await send(orders);

  expect(first.traceIds).toHaveLength(700);
  expect(first.traceIds.slice(0, 5)).toEqual(earlier.traceIds);
  expect(first.traceIds.slice(600)).toEqual(first.traceIds.slice(0, 100));
  expect(new Set(first.traceIds).size).toBe(600);
  const stored = await db.trace.findMany({ where: { projectId, output: { in: orders.map(reply) } }, select: { id: true, output: true, _count: { select: { itemResults: true } } } });
  expect(new Map(stored.map((trace) => [trace.id, trace.output]))).toEqual(new Map(first.traceIds.slice(0, 600).map((id, i) => [id, reply(i)])));
  expect(stored.every((trace) => trace._count.itemResults === first.itemKeys.length)).toBe(true);

  const again = await send(orders);
  expect(again.traceIds).toEqual(first.traceIds);
  expect(again.rewards).toEqual(first.rewards);
  expect(await db.trace.count({ where: { projectId, output: { in: orders.map(reply) } } })).toBe(600);
});

it("stores one rollout sent 600 times in a batch as one trace, every answer naming it", async () => {
  const answer = await send(Array.from({ length: 600 }, () => 7000));
  expect(new Set(answer.traceIds).size).toBe(1);
  expect(await db.trace.count({ where: { projectId, output: reply(7000) } })).toBe(1);
});

// What a trainer reads from a run's batch: errors, rewards and trace ids in request order however the
// batch is written (docs/performance.md, "Batches overlap scoring and storing", tried it in parts).
it("answers a large batch of a run in request order: unreadable rollouts in place, their traces marked, one job for the step, a resend stores nothing new", async () => {
  const run = `reward-parts-${Date.now()}`;
  const unreadable = new Set([10, 300, 650]);
  const rollouts = Array.from({ length: 700 }, (_, i) => (unreadable.has(i) ? { completion: 42 + i } : { completion: reply(10_000 + i) }));
  const sendRun = () => scoreRewardRequest(db, { projectId, request: { rubricVersionId, run, step: 3, rollouts } });
  const first = await sendRun();

  expect(first.errors.map(({ index }) => index)).toEqual([...unreadable]);
  expect(first.errors.every(({ index, error }) => error.startsWith(`rollouts[${index}]`))).toBe(true);
  first.rewards.forEach((reward, i) => expect(typeof reward === "number").toBe(!unreadable.has(i)));
  expect(first.traceIds.filter((id) => id === null)).toHaveLength(unreadable.size);
  const stored = await db.trace.findMany({ where: { projectId, run: { name: run } }, select: { id: true, output: true, metadata: true } });
  expect(stored).toHaveLength(700);
  const outputOf = new Map(stored.map((trace) => [trace.id, trace.output]));
  first.traceIds.forEach((id, i) => expect(id === null ? null : outputOf.get(id)).toBe(unreadable.has(i) ? null : reply(10_000 + i)));
  expect(stored.filter((trace) => (trace.metadata as { rewardError?: string } | null)?.rewardError)).toHaveLength(unreadable.size);
  expect(first.jobIds).toHaveLength(1);

  const again = await sendRun();
  expect(again.traceIds).toEqual(first.traceIds);
  expect(again.rewards).toEqual(first.rewards);
  expect(await db.trace.count({ where: { projectId, run: { name: run } } })).toBe(700);
});

// A GRPO group often holds the same completion several times; each is one of the step's samples.
it("keeps each copy of a rollout in a step's batch as a sample of that step (its reward, error rate), and a resend stores nothing new", async () => {
  const run = `reward-copies-${Date.now()}`;
  const rollouts = [reply(20_000), reply(20_000), "No idea.", "No idea.", "No idea.", "No idea.", 42, 42].map((completion) => ({ completion }));
  const sendStep = () => scoreRewardRequest(db, { projectId, request: { rubricVersionId, run, step: 1, rollouts } });
  const first = await sendStep();

  expect(new Set(first.traceIds.filter((id) => id !== null)).size).toBe(6);
  const stored = () => db.trace.findMany({ where: { projectId, run: { name: run } }, select: { runId: true, reward: true } });
  const traces = await stored();
  expect(traces).toHaveLength(8);
  expect(await recordRolloutStepMetrics(db, [{ runId: traces[0]!.runId!, step: 1 }])).toBeGreaterThan(0);
  const metrics = await db.metricPoint.findMany({ where: { runId: traces[0]!.runId!, step: 1, name: { in: ["goodhart/reward/mean", "goodhart/reward/error_rate"] } }, select: { name: true, value: true } });
  const scoredRewards = first.rewards.filter((reward): reward is number => reward !== null);
  expect(new Map(metrics.map(({ name, value }) => [name, value]))).toEqual(new Map([["goodhart/reward/mean", scoredRewards.reduce((a, b) => a + b) / 6], ["goodhart/reward/error_rate", 2 / 8]]));

  const again = await sendStep();
  expect(again.traceIds).toEqual(first.traceIds);
  expect(await stored()).toHaveLength(8);
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../testing/factories";
import { systemActor } from "../audit/record-audit-event";
import type { LlmItemAsker } from "../checks/llm-item-asker";
import { approveRubricVersion } from "../rubrics/approve-rubric-version";
import { importRubricVersion } from "../rubrics/import-rubric-version";
import { hashTraceAndScored } from "../traces/hash-trace";
import { rolloutSchema } from "./reward-request-schema";
import { rolloutToTrace } from "./rollout-to-trace";
import { recordRolloutStepMetrics } from "../runs/record-rollout-step-metrics";
import { scoreOpenRlhfRequest } from "./score-openrlhf-request";
import { scoreRewardRequest } from "./score-reward-request";

// A trainer that sends one rollout per request (verl, OpenRLHF, verifiers) or a batch in parts names
// each sample with its own id: copies of a completion are samples, a retry is the same sample.
const db = getDb();
let projectId: string;
let rubricVersionId: string;
beforeAll(async () => {
  projectId = (await makeProject(db, "reward-sample-ids")).id;
  rubricVersionId = (await seedLabRubrics(db, { projectId })).rubricVersionId;
});
afterAll(() => deleteProject(db, projectId));

const reply = (i: number) => `Thank you, the refund for order ${i} has been issued.`;
const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
type Options = { run?: string; step?: number; onRolloutError?: "error" | "zero" | "fail" };
const send = (rollouts: unknown[], options: Options = {}) =>
  scoreRewardRequest(db, { projectId, request: { rubricVersionId, ...options, rollouts } });
const tracesOfRun = (run: string) => db.trace.findMany({ where: { projectId, run: { name: run } }, select: { id: true, runId: true, output: true, reward: true } });

it("keeps copies sent one per request under different sample ids as separate samples of the step, counted by its metrics", async () => {
  const run = unique("sample-copies");
  const ids = ["a", "b", "c", "d", "e"].map((letter) => unique(letter));
  const rollouts = [reply(1), "No idea.", "No idea.", "No idea.", 42].map((completion, i) => ({ completion, sampleId: ids[i] }));
  const answers = await Promise.all(rollouts.map((rollout) => send([rollout], { run, step: 1 })));

  const traceIds = answers.map((answer) => answer.traceIds[0]);
  expect(new Set(traceIds.slice(0, 4)).size).toBe(4);
  const traces = await tracesOfRun(run);
  expect(traces).toHaveLength(5);
  expect(await recordRolloutStepMetrics(db, [{ runId: traces[0]!.runId!, step: 1 }])).toBeGreaterThan(0);
  const metrics = await db.metricPoint.findMany({ where: { runId: traces[0]!.runId!, step: 1, name: { in: ["goodhart/reward/mean", "goodhart/reward/error_rate"] } }, select: { name: true, value: true } });
  const rewards = answers.slice(0, 4).map((answer) => answer.rewards[0]!);
  expect(rewards[1]).toBe(rewards[2]);
  expect(new Map(metrics.map(({ name, value }) => [name, value]))).toEqual(new Map([["goodhart/reward/mean", rewards.reduce((a, b) => a + b) / 4], ["goodhart/reward/error_rate", 1 / 5]]));
});

it("keeps copies sent one per request without a sample id as one trace, as before", async () => {
  const run = unique("no-sample-ids");
  const answers = await Promise.all([0, 1].map(() => send([{ completion: "No idea, sorry." }], { run, step: 1 })));
  expect(answers[0]!.traceIds).toEqual(answers[1]!.traceIds);
  expect(await tracesOfRun(run)).toHaveLength(1);
});

it("answers a sample sent again, at once or later, with the same trace and stores nothing new", async () => {
  const run = unique("sample-retry");
  const sampleId = unique("retry");
  const bad = { completion: 7, sampleId: unique("retry-bad") };
  const [first, concurrent] = await Promise.all([0, 1].map(() => send([{ completion: reply(2), sampleId }, bad], { run, step: 2 })));
  const later = await send([{ completion: reply(2), sampleId }, bad], { run, step: 2 });

  expect(first!.traceIds[0]).toEqual(expect.any(String));
  expect(concurrent!.traceIds).toEqual(first!.traceIds);
  expect(later.traceIds).toEqual(first!.traceIds);
  expect(later.rewards).toEqual(first!.rewards);
  expect(later.errors.map(({ index }) => index)).toEqual([1]);
  expect(await tracesOfRun(run)).toHaveLength(2);
  expect(await db.itemResult.count({ where: { traceId: first!.traceIds[0]! } })).toBe(first!.itemKeys.length);
});

/** An approved rubric of two rule items and one llm item ("Is it polite?"), in an environment of its own. */
async function judgedRubric(name: string) {
  const environment = unique(name);
  const draft = await importRubricVersion(db, {
    projectId,
    actor: systemActor,
    exported: {
      format: "goodhart.rubric-version/1",
      environment,
      hackMode: "zero",
      items: [
        { key: "thanks", question: "Does it thank the customer?", polarity: "good", weight: 1, check: { kind: "regex", pattern: "thank", flags: "i", target: "final_reply" } },
        { key: "apology", question: "Does it apologise?", polarity: "good", weight: 1, check: { kind: "regex", pattern: "sorry", flags: "i", target: "final_reply" } },
        { key: "polite", question: "Is it polite?", polarity: "good", weight: 1, check: { kind: "llm", prompt: "Is it polite?" } },
      ],
    },
  });
  await approveRubricVersion(db, { projectId, rubricVersionId: draft.id, actor: systemActor });
  return { environment, rubricVersionId: draft.id };
}

it("answers a retry whose llm judge answered otherwise as the same sample, when the reward is a third (more digits than the reward column keeps)", async () => {
  const { environment, rubricVersionId: judgedVersionId } = await judgedRubric("thirds");
  let judgeCalls = 0;
  const judgeSaying = (answer: "yes" | "no"): LlmItemAsker => async () => {
    judgeCalls += 1;
    return { answer, evidence: `the judge said ${answer}` };
  };
  const sampleId = unique("third");
  const sendJudged = (answer: "yes" | "no") =>
    scoreRewardRequest(db, { projectId, request: { rubricVersionId: judgedVersionId, rollouts: [{ completion: reply(3), sampleId }] }, askLlmItem: judgeSaying(answer) });

  const first = await sendJudged("yes");
  expect(judgeCalls).toBe(1);
  const retry = await sendJudged("no");
  expect(first.rewards[0]).toBeCloseTo(2 / 3, 12);
  expect(retry.errors).toEqual([]);
  expect(retry.traceIds).toEqual(first.traceIds);
  // A retry is answered as stored: the judge is not asked again, and its answer is the first one's.
  expect(judgeCalls).toBe(1);
  expect(retry.rewards).toEqual(first.rewards);
  expect(retry.results).toEqual(first.results);
  expect(await db.trace.count({ where: { projectId, externalId: `rollout-sample:${sampleId}` } })).toBe(1);

  // A trace stored before the hash took the reward as stored has the hash of 2/3 with all its digits;
  // the same sample sent again is still the same sample.
  const trace = rolloutToTrace(rolloutSchema.parse({ completion: reply(3), sampleId }), { environment });
  const hashWith = (reward: number) => hashTraceAndScored(trace, { ...trace.outcome, reward }).scoredHash;
  const stored = await db.trace.findUniqueOrThrow({ where: { id: first.traceIds[0]! }, select: { contentHash: true } });
  expect(stored.contentHash).toBe(hashWith(0.666666666666667));
  await db.trace.update({ where: { id: first.traceIds[0]! }, data: { contentHash: hashWith(2 / 3) } });
  const resent = await sendJudged("yes");
  expect(resent.errors).toEqual([]);
  expect(resent.traceIds).toEqual(first.traceIds);
  expect(judgeCalls).toBe(2);
});

it("answers a retried batch of 1,200 samples as stored without asking the judge again, and still names its step's job", async () => {
  const { rubricVersionId: judgedVersionId } = await judgedRubric("judged-batch");
  const run = unique("judged-batch");
  let judgeCalls = 0;
  const judge: LlmItemAsker = async () => {
    judgeCalls += 1;
    return { answer: judgeCalls % 2 ? "yes" : "no", evidence: `call ${judgeCalls}` };
  };
  const rollouts = Array.from({ length: 1200 }, (_, i) => ({ completion: `${reply(i)} (${run})`, sampleId: unique(`judged-${i}`) }));
  const sendBatch = () => scoreRewardRequest(db, { projectId, request: { rubricVersionId: judgedVersionId, run, step: 1, rollouts }, askLlmItem: judge });

  const first = await sendBatch();
  expect(judgeCalls).toBe(1200);
  const retry = await sendBatch();
  expect(judgeCalls).toBe(1200);
  expect(retry.rewards).toEqual(first.rewards);
  expect(retry.results).toEqual(first.results);
  expect(retry.traceIds).toEqual(first.traceIds);
  expect(retry.jobIds).toHaveLength(1);
  expect(await db.trace.count({ where: { projectId, run: { name: run } } })).toBe(1200);
});

it("asks the judge again for a sample whose stored llm answer is n/a because its judge failed", async () => {
  const { rubricVersionId: judgedVersionId } = await judgedRubric("judge-failed");
  const sampleId = unique("judge-failed");
  let judgeCalls = 0;
  const send = (judge: LlmItemAsker) => scoreRewardRequest(db, { projectId, request: { rubricVersionId: judgedVersionId, rollouts: [{ completion: `${reply(5)} (${sampleId})`, sampleId }] }, askLlmItem: judge });
  const failed = await send(async () => {
    judgeCalls += 1;
    throw new Error("429 from judge");
  });
  expect(failed.results[0]!.find(({ key }) => key === "polite")).toMatchObject({ answer: "n/a", evidence: expect.stringContaining("llm judge failed") });
  await send(async () => {
    judgeCalls += 1;
    return { answer: "yes", evidence: "polite" };
  });
  expect(judgeCalls).toBe(2);
});

it("refuses a sample id stored with other content as that rollout's error naming the id, and keeps the stored trace as it was", async () => {
  const run = unique("sample-conflict");
  const sampleId = unique("taken");
  const first = await send([{ completion: reply(3), sampleId }], { run, step: 3 });
  const storedBefore = await db.trace.findUniqueOrThrow({ where: { id: first.traceIds[0]! }, include: { itemResults: { orderBy: { rubricItemId: "asc" } } } });

  const other = await send([{ completion: "No idea.", sampleId }, { completion: reply(4), sampleId: unique("fine") }], { run, step: 3 });
  expect(other.rewards[0]).toBeNull();
  expect(other.traceIds[0]).toBeNull();
  expect(typeof other.rewards[1]).toBe("number");
  expect(other.errors).toEqual([{ index: 0, status: "error", error: expect.stringContaining(`rollouts[0].sampleId: "${sampleId}" is stored already with other content`) }]);
  expect(other.results[0]).toEqual([{ key: "error", answer: "n/a", evidence: other.errors[0]!.error }]);

  // Another step is other content too; an unreadable rollout under the id likewise; "zero" answers 0.
  const elsewhere = await send([{ completion: reply(3), sampleId }, { completion: 9, sampleId }], { run, step: 4, onRolloutError: "zero" });
  expect(elsewhere.rewards).toEqual([0, 0]);
  expect(elsewhere.errors.map(({ index }) => index)).toEqual([0, 1]);
  expect(elsewhere.errors[1]!.error).toContain(`"${sampleId}" is stored already with other content`);

  await expect(send([{ completion: "Something else.", sampleId }], { run, step: 3, onRolloutError: "fail" })).rejects.toMatchObject({ code: "unprocessable" });

  const storedAfter = await db.trace.findUniqueOrThrow({ where: { id: first.traceIds[0]! }, include: { itemResults: { orderBy: { rubricItemId: "asc" } } } });
  expect(storedAfter).toEqual(storedBefore);
  expect((await tracesOfRun(run)).map(({ output }) => output).sort()).toEqual([reply(3), reply(4)].sort());
});

it("refuses the second of two rollouts in one request that share a sample id with other content", async () => {
  const sampleId = unique("twice");
  const answer = await send([{ completion: reply(5), sampleId }, { completion: reply(6), sampleId }, { completion: reply(5), sampleId }]);
  expect(answer.traceIds[2]).toBe(answer.traceIds[0]);
  expect(answer.traceIds[1]).toBeNull();
  expect(answer.errors.map(({ index }) => index)).toEqual([1]);
  expect(await db.trace.count({ where: { projectId, output: { in: [reply(5), reply(6)] } } })).toBe(1);
});

// On PostgreSQL a batch this large is two transactions at once, split by externalId.
it("stores a large batch of one completion under 600 sample ids as 600 traces, a conflict in it refused in place, and a resend stores nothing new", async () => {
  const run = unique("sample-batch");
  const taken = unique("taken-large");
  await send([{ completion: reply(7), sampleId: taken }], { run, step: 5 });
  const batch = unique("batch");
  const rollouts = Array.from({ length: 600 }, (_, i) => ({ completion: "No idea.", sampleId: i === 450 ? taken : `${batch}:${i}` }));
  const first = await send(rollouts, { run, step: 5 });

  expect(first.errors.map(({ index }) => index)).toEqual([450]);
  expect(new Set(first.traceIds.filter((id) => id !== null)).size).toBe(599);
  expect(await tracesOfRun(run)).toHaveLength(600);
  const again = await send(rollouts, { run, step: 5 });
  expect(again.traceIds).toEqual(first.traceIds);
  expect(await tracesOfRun(run)).toHaveLength(600);
});

it("keys OpenRLHF samples by the sampleIds the Python hook sends", async () => {
  const run = unique("openrlhf-samples");
  const ids = [unique("o1"), unique("o2")];
  const score = (sampleIds: string[]) => scoreOpenRlhfRequest(db, { projectId, rubricVersionId, run, step: 1, request: { query: ["Where is my refund? No idea."], prompts: ["Where is my refund? "], sampleIds } });
  await Promise.all(ids.map((id) => score([id])));
  await score([ids[0]!]);
  expect(await tracesOfRun(run)).toHaveLength(2);
});

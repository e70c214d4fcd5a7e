import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../lib/db/client";
import { induceHackJob, handleInduceHack } from "../lib/hacks/induce-hack-job";
import { findApiKnownHack } from "../lib/hacks/known-hack-api-view";
import { runJobNow } from "../lib/jobs/run-job-now";
import { pipelineEventJob } from "../lib/jobs/pipeline-event";
import { createJudge } from "../lib/judges/save-judge";
import { startJudgeRun } from "../lib/judges/start-judge-run";
import { seedLabRubrics } from "../lib/lab/seed-lab-rubrics";
import { decideEdgeCases } from "../lib/review/decide-edge-cases";
import { detectEdgeCases } from "../lib/review/detect-edge-cases";
import { deleteProject, makeProject, makeUser, uniqueName } from "../lib/testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../lib/testing/llm-test-server";
import { seedJudgedTraces } from "../lib/testing/seed-judged-traces";
import { pipelineEventHandler } from "./follow-ups";
import { runPendingJobs } from "./run-pending-jobs";

const db = getDb();
// A slow llm judge: a decision that waited for it would take seconds.
const server = await startLlmTestServer(() => ({ delayMs: 400, body: chatCompletion(JSON.stringify({ answer: "yes", evidence: "a claim" })) }));
const disallow = allowJudgeBaseUrls(server.url);
let projectId: string;
let reviewer: { id: string; email: string };

beforeAll(async () => {
  projectId = (await makeProject(db, "follow-ups")).id;
  reviewer = await makeUser(db, { projectId, role: "reviewer" });
  await createJudge(db, { projectId, input: { name: uniqueName("gpt"), config: { kind: "llm", provider: "openai", baseUrl: `${server.url}/v1`, model: "test-model", maxRetries: 0 } } });
  const { traceIds } = await seedJudgedTraces(db, { projectId });
  await detectEdgeCases(db, { projectId, traceIds });
});
afterAll(async () => {
  await deleteProject(db, projectId);
  await server.close();
  disallow();
});

const jobOf = (type: string) => db.job.findFirstOrThrow({ where: { projectId, type } });

describe("confirm -> induce, declared in workers/follow-ups.ts", () => {
  it("the decision returns without calling the llm judge; the hacks.induce job then fills the check with its figures, once", async () => {
    const hackCase = await db.edgeCase.findFirstOrThrow({ where: { projectId, status: "open" }, orderBy: { priority: "desc" } });
    const started = performance.now();
    const [decided] = await decideEdgeCases(db, { projectId, ids: [hackCase.id], decision: "confirm_hack", reviewer: { userId: reviewer.id, label: reviewer.email } });
    const ms = performance.now() - started;
    console.info(`confirm decision with an llm judge configured: ${ms.toFixed(0)} ms`);
    expect(server.requests).toHaveLength(0);
    const knownHackId = decided!.knownHackId!;
    expect(await findApiKnownHack(db, { projectId, knownHackId })).toMatchObject({ induction: "measuring", check: null, precision: null, recall: null });

    const event = await jobOf(pipelineEventJob.name);
    expect(await runJobNow(db, { jobId: event.id, type: pipelineEventJob, handle: pipelineEventHandler.handle as never })).toBe("succeeded");
    const induce = await jobOf(induceHackJob.name);
    expect(induce.payload).toEqual({ knownHackId });
    expect(await runJobNow(db, { jobId: induce.id, type: induceHackJob, handle: handleInduceHack })).toBe("succeeded");

    const done = await db.job.findUniqueOrThrow({ where: { id: induce.id } });
    expect(done).toMatchObject({ status: "succeeded", progress: 1, progressMessage: "precision 1.000, recall 1.000" });
    const hack = await findApiKnownHack(db, { projectId, knownHackId });
    expect(hack).toMatchObject({ induction: "done", precision: 1, recall: 1, check: { kind: expect.any(String) } });
    expect(hack.item).toMatchObject({ alternatives: [{ check: { kind: "llm" } }] });
    expect(server.requests.length).toBeGreaterThan(0);

    // The event again queues nothing new; the job again changes nothing.
    const again = await pipelineEventHandler.handle(event.payload, { db, jobId: event.id, projectId, attempt: 2, signal: new AbortController().signal, reportProgress: async () => undefined });
    expect(again).toMatchObject({ queued: [{ followUp: "hacks.induce", jobId: induce.id, isDuplicate: true }] });
    expect(await handleInduceHack({ knownHackId }, { db, attempt: 2, reportProgress: async () => undefined })).toEqual({ skipped: "check already in place" });
    expect(await findApiKnownHack(db, { projectId, knownHackId })).toEqual(hack);
  });
});

describe("judge run -> edge-case detection, declared in workers/follow-ups.ts", () => {
  it("a judge run announces its traces; the follow-up queues detection over exactly them, once", async () => {
    const own = (await makeProject(db, "follow-ups-judges")).id;
    try {
      const { rubricVersionId } = await seedLabRubrics(db, { projectId: own });
      const { judge } = await createJudge(db, { projectId: own, input: { name: uniqueName("rules"), config: { kind: "rule", rubricVersionId } } });
      const { traceIds } = await seedJudgedTraces(db, { projectId: own });
      const { job: judgeRun } = await startJudgeRun(db, { projectId: own, judgeIds: [judge.id], selection: { by: "ids", traceIds } });

      const ran = await runPendingJobs(db, { projectId: own, types: ["judges.run", "pipeline.event"] });
      expect(ran.map(({ type, outcome }) => [type, outcome])).toEqual([["judges.run", "succeeded"], ["pipeline.event", "succeeded"]]);
      const detect = await db.job.findFirstOrThrow({ where: { projectId: own, type: "edge-cases.detect" } });
      expect(detect).toMatchObject({ status: "queued", idempotencyKey: `edge-cases.detect:${judgeRun.id}` });
      expect((detect.payload as { traceIds: string[] }).traceIds.sort()).toEqual([...traceIds].sort());

      // The event again queues nothing new.
      const event = await db.job.findFirstOrThrow({ where: { projectId: own, type: pipelineEventJob.name } });
      const again = await pipelineEventHandler.handle(event.payload, { db, jobId: event.id, projectId: own, attempt: 2, signal: new AbortController().signal, reportProgress: async () => undefined });
      expect(again).toMatchObject({ queued: [{ followUp: "edge-cases.detect", jobId: detect.id, isDuplicate: true }] });
      expect(await runPendingJobs(db, { projectId: own, types: ["edge-cases.detect"] })).toEqual([{ id: detect.id, type: "edge-cases.detect", outcome: "succeeded" }]);
      expect(await db.edgeCase.count({ where: { projectId: own } })).toBeGreaterThan(0);
    } finally {
      await deleteProject(db, own);
    }
  });
});

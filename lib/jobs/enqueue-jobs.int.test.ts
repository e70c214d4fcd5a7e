import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { recordJob, testHandlers } from "../testing/test-job-types";
import { waitFor } from "../testing/wait-for";
import { enqueueJob, enqueueJobs } from "./enqueue-job";
import { startWorker } from "./start-worker";

const db = getDb();
let projectId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "enqueue-jobs")).id;
});
afterAll(async () => {
  await deleteProject(db, projectId);
});

it("queues many jobs at once, once per key: a key already queued and a key given twice answer with the one row", async () => {
  const key = (label: string) => `${uniqueName("many")}:${label}`;
  const [early, fresh, twice] = [key("early"), key("fresh"), key("twice")];
  const queuedBefore = (await enqueueJob(db, recordJob, { label: "early", workMs: 0, failTimes: 0 }, { projectId, idempotencyKey: early })).job;
  const payload = (label: string) => ({ label, workMs: 0, failTimes: 0 });
  const answers = await enqueueJobs(db, recordJob, [{ payload: payload("fresh"), idempotencyKey: fresh }, { payload: payload("early"), idempotencyKey: early }, { payload: payload("twice"), idempotencyKey: twice }, { payload: payload("twice again"), idempotencyKey: twice }], { projectId });

  expect(answers.map(({ isDuplicate }) => isDuplicate)).toEqual([false, true, false, true]);
  expect(answers[1]!.job.id).toBe(queuedBefore.id);
  expect(answers[3]!.job.id).toBe(answers[2]!.job.id);
  const rows = await db.job.findMany({ where: { idempotencyKey: { in: [early, fresh, twice] } }, orderBy: { idempotencyKey: "asc" } });
  expect(rows.map(({ idempotencyKey, status, projectId: owner, type, maxAttempts }) => ({ idempotencyKey, status, owner, type, maxAttempts }))).toEqual(
    [early, fresh, twice].sort().map((idempotencyKey) => ({ idempotencyKey, status: "queued", owner: projectId, type: recordJob.name, maxAttempts: recordJob.maxAttempts })),
  );
  expect(rows.find((row) => row.idempotencyKey === twice)!.payload).toEqual(payload("twice"));

  // Sent again, every one is the row already queued.
  const again = await enqueueJobs(db, recordJob, [{ payload: payload("fresh"), idempotencyKey: fresh }, { payload: payload("twice"), idempotencyKey: twice }], { projectId });
  expect(again.map(({ job, isDuplicate }) => [job.id, isDuplicate])).toEqual([[answers[0]!.job.id, true], [answers[2]!.job.id, true]]);
});

it("refuses a payload its type does not take, naming it, and queues none of the batch", async () => {
  const key = uniqueName("bad");
  await expect(enqueueJobs(db, recordJob, [{ payload: { label: "good", workMs: 0, failTimes: 0 }, idempotencyKey: `${key}:good` }, { payload: { label: 7 } as never, idempotencyKey: `${key}:bad` }], { projectId })).rejects.toThrow(/label/);
  expect(await db.job.count({ where: { idempotencyKey: { startsWith: key } } })).toBe(0);
});

it("hands the jobs it queues to a worker, which runs each once", async () => {
  const key = uniqueName("run");
  const answers = await enqueueJobs(db, recordJob, Array.from({ length: 5 }, (_, i) => ({ payload: { label: `run ${i}`, workMs: 0, failTimes: 0 }, idempotencyKey: `${key}:${i}` })), { projectId });
  const worker = await startWorker({ db, handlers: testHandlers, pollIntervalMs: 50, log: () => {} });
  try {
    const ids = answers.map(({ job }) => job.id);
    const done = await waitFor(async () => {
      const rows = await db.job.findMany({ where: { id: { in: ids } }, select: { status: true, attempts: true, result: true } });
      return rows.length === ids.length && rows.every((row) => row.status === "succeeded") && rows;
    }, 30_000);
    expect(done.map(({ attempts }) => attempts)).toEqual([1, 1, 1, 1, 1]);
    expect(done.map(({ result }) => (result as { label: string }).label).sort()).toEqual(["run 0", "run 1", "run 2", "run 3", "run 4"]);
  } finally {
    await worker.stop();
  }
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { completionAction, holdJob, lateProgressMessage, recordJob, stoppedAction, testHandlers } from "../testing/test-job-types";
import { enqueueJob } from "./enqueue-job";
import { notifyJobBackend } from "./job-backend";
import { listJobs } from "./list-jobs";
import { cancelJob, retryJob } from "./manage-jobs";
import { startWorker, type Worker } from "./start-worker";
import { waitFor } from "../testing/wait-for";
import { systemActor } from "../audit/record-audit-event";

const db = getDb();
let projectId: string;
let worker: Worker;
const workerLog: string[] = [];

beforeAll(async () => {
  projectId = (await makeProject(db, "jobs")).id;
  worker = await startWorker({ db, handlers: testHandlers, concurrency: 3, leaseMs: 5_000, pollIntervalMs: 50, log: (line) => workerLog.push(line) });
});
afterAll(async () => {
  await worker.stop();
  await deleteProject(db, projectId);
});

const finished = (jobId: string) =>
  waitFor(async () => {
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    return ["succeeded", "failed", "cancelled"].includes(job.status) ? job : null;
  }, 20_000);

const completions = (jobId: string) => db.auditEvent.count({ where: { action: completionAction, subjectId: jobId } });

describe("job system", () => {
  it("runs a job to completion with progress and stores its result once", async () => {
    const { job } = await enqueueJob(db, recordJob, { label: "one", workMs: 300, failTimes: 0 }, { projectId });
    const done = await finished(job.id);
    expect(done.status).toBe("succeeded");
    expect(done.progress).toBe(1);
    expect(done.progressMessage).toBe("step 10 of 10");
    expect(done.result).toEqual({ label: "one", attempt: 1 });
    expect(await completions(job.id)).toBe(1);
  });

  it("returns the first job for a repeated idempotency key and queues nothing new", async () => {
    const key = uniqueName("idem");
    const first = await enqueueJob(db, recordJob, { label: "idem", workMs: 0, failTimes: 0 }, { projectId, idempotencyKey: key });
    const second = await enqueueJob(db, recordJob, { label: "idem", workMs: 0, failTimes: 0 }, { projectId, idempotencyKey: key });
    expect(second.isDuplicate).toBe(true);
    expect(second.job.id).toBe(first.job.id);
    expect(await db.job.count({ where: { idempotencyKey: key } })).toBe(1);
  });

  it("gives each job type its own slots: long jobs of one type never keep another type's job waiting", async () => {
    const long = await Promise.all(["a", "b", "c", "d"].map(async (label) => (await enqueueJob(db, holdJob, { label }, { projectId })).job));
    await waitFor(async () => (await db.job.count({ where: { id: { in: long.map((job) => job.id) }, status: "running" } })) === 1);
    const { job } = await enqueueJob(db, recordJob, { label: "beside the long ones", workMs: 0, failTimes: 0 }, { projectId });
    expect((await finished(job.id)).status).toBe("succeeded");
    // test.hold runs one at a time: the other three wait for its slot, not for the worker's.
    expect(await db.job.count({ where: { id: { in: long.map((held) => held.id) }, status: "running" } })).toBe(1);
    for (const held of long) await cancelJob(db, { projectId, jobId: held.id, actor: systemActor });
  });

  it("retries a failing job with backoff and succeeds on a later attempt", async () => {
    const { job } = await enqueueJob(db, recordJob, { label: "flaky", workMs: 0, failTimes: 2 }, { projectId });
    const done = await finished(job.id);
    expect(done.status).toBe("succeeded");
    expect(done.attempts).toBe(3);
    expect(await completions(job.id)).toBe(1);
  });

  it("marks a job failed with a readable error after its last attempt, and an admin retry runs it again", async () => {
    const { job } = await enqueueJob(db, recordJob, { label: "doomed", workMs: 0, failTimes: 99 }, { projectId });
    const failed = await finished(job.id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(3);
    expect(failed.error).toBe("planned failure on attempt 3");
    expect(await completions(job.id)).toBe(0);

    await retryJob(db, { projectId, jobId: job.id, actor: systemActor });
    const again = await finished(job.id);
    expect(again.status).toBe("failed");
    expect(again.attempts).toBe(3);
    expect(await db.auditEvent.count({ where: { action: "job.retry", subjectId: job.id } })).toBe(1);
  });

  it("puts a job that met a locked database back in the queue without spending an attempt", async () => {
    const { job } = await enqueueJob(db, recordJob, { label: "locked", workMs: 0, failTimes: 0, busyTimes: 4 }, { projectId });
    const done = await finished(job.id);
    expect(done.status).toBe("succeeded");
    expect(done.attempts).toBe(1);
    expect(done.result).toEqual({ label: "locked", attempt: 1 });
    expect(await completions(job.id)).toBe(1);
  });

  it("fails a job whose payload does not match its schema without retrying", async () => {
    const job = await db.job.create({ data: { type: recordJob.name, payload: { label: 42 }, projectId } });
    await notifyJobBackend(job);
    const failed = await finished(job.id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(failed.error).toMatch(/^invalid payload: label: /);
  });

  it("cancels a running job: its handler sees it and stops, and the handler's last writes do not bring it back", async () => {
    const { job } = await enqueueJob(db, recordJob, { label: "long", workMs: 20_000, failTimes: 0 }, { projectId });
    await waitFor(async () => {
      const row = await db.job.findUniqueOrThrow({ where: { id: job.id } });
      return row.status === "running" && row.progress > 0;
    }, 10_000);
    await cancelJob(db, { projectId, jobId: job.id, actor: systemActor });

    // The handler itself notices (its signal aborts at the next heartbeat), long before its 20 s of work would end.
    const stopped = await waitFor(() => db.auditEvent.findFirst({ where: { action: stoppedAction, subjectId: job.id } }), 10_000);
    expect((stopped.details as { step: number }).step).toBeLessThan(10);
    // The worker has let go of it and says so.
    await waitFor(async () => workerLog.includes(`[worker ${worker.workerId}] ${recordJob.name} ${job.id} cancelled`), 10_000);

    const after = await db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(after.lockedBy).toBeNull();
    expect(after.attempts).toBe(1);
    // The handler's work never counts as done: no completion recorded, no result stored.
    expect(await completions(job.id)).toBe(0);
    expect(after.result).toBeNull();
    // What the Jobs page and the API list show: cancelled, without the progress the handler wrote after the cancel.
    const listed = (await listJobs(db, { projectId })).find((row) => row.id === job.id);
    expect(listed).toMatchObject({ status: "cancelled", finishedAt: expect.any(String) });
    expect(listed!.progressMessage).not.toBe(lateProgressMessage);
  });

  it("runs each of many jobs exactly once across parallel workers", async () => {
    const second = await startWorker({ db, handlers: testHandlers, concurrency: 3, leaseMs: 5_000, pollIntervalMs: 50, log: () => undefined });
    try {
      const jobs = await Promise.all(
        Array.from({ length: 24 }, (_, i) => enqueueJob(db, recordJob, { label: `batch-${i}`, workMs: 20, failTimes: 0 }, { projectId })),
      );
      const ids = jobs.map(({ job }) => job.id);
      await waitFor(async () => (await db.job.count({ where: { id: { in: ids }, status: "succeeded" } })) === ids.length, 30_000);
      const events = await db.auditEvent.groupBy({ by: ["subjectId"], where: { action: completionAction, subjectId: { in: ids } }, _count: true });
      expect(events).toHaveLength(ids.length);
      expect(events.every((event) => event._count === 1)).toBe(true);
    } finally {
      await second.stop();
    }
  });
});

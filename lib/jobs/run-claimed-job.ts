import { setMaxListeners } from "node:events";
import { ZodError } from "zod";
import type { Db } from "../db/client";
import { isBusyError, retryOnBusy } from "../db/retry-on-busy";
import type { ClaimedJob } from "./claim-job";
import { notifyJobBackend } from "./job-backend";
import { PermanentJobError, type RegisteredHandler } from "./job-type";

const progressIntervalMs = 250;
// A handler hands its signal to every call it makes at once (an LLM endpoint allows up to 256 in
// flight, and a job may use several); each call listens until it ends. Node warns of a leak past ten
// listeners, which these are not; a bound stays, so a handler that never lets go is still reported.
const listenersOnAJobsSignal = 4096;

export type RunOutcome = "succeeded" | "retrying" | "failed" | "lost" | "cancelled";

/**
 * Runs a job this worker holds: heartbeats the lease, reports progress, stores the result, and on
 * failure retries with backoff or marks the job failed. Every write is conditional on still holding
 * the lease, so a worker that lost its job (cancelled, or taken after a stall) changes nothing.
 */
export async function runClaimedJob(
  db: Db,
  { job, handler, workerId, leaseMs, stopSignal }: { job: ClaimedJob; handler: RegisteredHandler; workerId: string; leaseMs: number; stopSignal?: AbortSignal },
): Promise<RunOutcome> {
  const held = { id: job.id, lockedBy: workerId, status: "running" };
  const controller = new AbortController();
  setMaxListeners(listenersOnAJobsSignal, controller.signal);
  const onStop = () => controller.abort(new Error("worker stopping"));
  stopSignal?.addEventListener("abort", onStop, { once: true });

  const heartbeat = setInterval(async () => {
    const extended = await db.job
      .updateMany({ where: held, data: { lockedUntil: new Date(Date.now() + leaseMs) } })
      .catch(() => ({ count: 1 })); // a busy database is not a lost lease; try again next beat
    if (extended.count === 0) controller.abort(new Error("lease lost or job cancelled"));
  }, Math.max(200, Math.floor(leaseMs / 3)));

  let lastProgressAt = 0;
  const reportProgress = async (fraction: number, message?: string) => {
    const now = Date.now();
    if (fraction < 1 && now - lastProgressAt < progressIntervalMs) return;
    lastProgressAt = now;
    const progress = Math.min(1, Math.max(0, fraction));
    await retryOnBusy(() => db.job.updateMany({ where: held, data: { progress, progressMessage: message ?? null } }));
  };

  try {
    if (controller.signal.aborted) return "lost";
    // Released before the handler reads anything, so nothing that arrives from here on is missed.
    if (handler.type.isCoalesced && job.idempotencyKey) await releaseCoalescingKey(db, { jobId: job.id, key: job.idempotencyKey });
    const payload = handler.type.payloadSchema.parse(job.payload);
    const result = await handler.handle(payload, {
      jobId: job.id,
      projectId: job.projectId,
      attempt: job.attempts,
      db,
      signal: controller.signal,
      reportProgress,
    });
    const done = await retryOnBusy(() =>
      db.job.updateMany({
        where: held,
        data: { status: "succeeded", progress: 1, result: (result ?? null) as object, error: null, finishedAt: new Date(), lockedUntil: null },
      }),
    );
    return done.count === 1 ? "succeeded" : "lost";
  } catch (error) {
    return await retryOnBusy(() => recordFailure(db, { job, held, handler, error, wasAborted: controller.signal.aborted, isStopping: stopSignal?.aborted ?? false }));
  } finally {
    clearInterval(heartbeat);
    stopSignal?.removeEventListener("abort", onStop);
  }
}

async function recordFailure(
  db: Db,
  { job, held, handler, error, wasAborted, isStopping }: {
    job: ClaimedJob;
    held: { id: string; lockedBy: string; status: string };
    handler: RegisteredHandler;
    error: unknown;
    wasAborted: boolean;
    isStopping: boolean;
  },
): Promise<RunOutcome> {
  const current = await db.job.findUnique({ where: { id: job.id }, select: { status: true, lockedBy: true } });
  if (current?.status === "cancelled") return "cancelled";
  if (current?.lockedBy !== held.lockedBy || current.status !== "running") return "lost";

  const message = describeError(error);
  // A worker told to stop hands the job back as it was, without spending an attempt on it.
  if (isStopping && wasAborted) {
    await db.job.updateMany({ where: held, data: { status: "queued", attempts: { decrement: 1 }, lockedBy: null, lockedUntil: null, runAt: new Date() } });
    return "retrying";
  }
  // A busy database says nothing about the job: it goes back in the queue without spending an attempt.
  if (isBusyError(error)) {
    const runAt = new Date(Date.now() + handler.type.backoffSeconds * 1000);
    const requeued = await db.job.updateMany({
      where: held,
      data: { status: "queued", attempts: { decrement: 1 }, error: `database busy, will run again: ${message}`, lockedBy: null, lockedUntil: null, runAt },
    });
    if (requeued.count === 1) await notifyJobBackend({ id: job.id, type: job.type, runAt });
    return "retrying";
  }
  const isPermanent = error instanceof PermanentJobError || error instanceof ZodError;
  if (isPermanent || job.attempts >= job.maxAttempts) {
    await db.job.updateMany({ where: held, data: { status: "failed", error: message, finishedAt: new Date(), lockedBy: null, lockedUntil: null } });
    return "failed";
  }
  const delayMs = handler.type.backoffSeconds * 1000 * 2 ** (job.attempts - 1);
  const runAt = new Date(Date.now() + delayMs);
  const retried = await db.job.updateMany({ where: held, data: { status: "queued", error: message, lockedBy: null, lockedUntil: null, runAt } });
  if (retried.count === 1) await notifyJobBackend({ id: job.id, type: job.type, runAt });
  return "retrying";
}

/** Renames the key the job was queued under, so the next enqueue with that key queues a new job. */
async function releaseCoalescingKey(db: Db, { jobId, key }: { jobId: string; key: string }) {
  const released = `${key}@${jobId}`;
  if (key.endsWith(`@${jobId}`)) return;
  await retryOnBusy(() => db.job.updateMany({ where: { id: jobId, idempotencyKey: key }, data: { idempotencyKey: released } }));
}

function describeError(error: unknown): string {
  if (error instanceof ZodError) return `invalid payload: ${error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { notifyJobBackend } from "./job-backend";

/** Puts a failed or cancelled job back in the queue with fresh attempts. */
export async function retryJob(db: Db, { projectId, jobId, actor }: { projectId: string; jobId: string; actor: Actor }) {
  const job = await db.job.findFirst({ where: { id: jobId, projectId } });
  if (!job) throw notFound("Job");
  if (job.status !== "failed" && job.status !== "cancelled") {
    throw new AppError("conflict", `Only failed or cancelled jobs can be retried; this one is ${job.status}`);
  }
  const runAt = new Date();
  const updated = await db.$transaction(async (tx) => {
    const changed = await tx.job.update({
      where: { id: job.id },
      data: { status: "queued", attempts: 0, runAt, error: null, progress: 0, progressMessage: null, finishedAt: null, lockedBy: null, lockedUntil: null },
    });
    await recordAuditEvent(tx, { projectId, actor, action: "job.retry", subjectType: "job", subjectId: job.id, details: { type: job.type } });
    return changed;
  });
  await notifyJobBackend({ id: job.id, type: job.type, runAt });
  return updated;
}

/** Cancels a queued or running job; a running handler sees it at its next heartbeat and stops. */
export async function cancelJob(db: Db, { projectId, jobId, actor }: { projectId: string; jobId: string; actor: Actor }) {
  const job = await db.job.findFirst({ where: { id: jobId, projectId } });
  if (!job) throw notFound("Job");
  if (job.status !== "queued" && job.status !== "running") {
    throw new AppError("conflict", `Only queued or running jobs can be cancelled; this one is ${job.status}`);
  }
  return db.$transaction(async (tx) => {
    const changed = await tx.job.update({ where: { id: job.id }, data: { status: "cancelled", finishedAt: new Date(), lockedBy: null, lockedUntil: null } });
    await recordAuditEvent(tx, { projectId, actor, action: "job.cancel", subjectType: "job", subjectId: job.id, details: { type: job.type } });
    return changed;
  });
}

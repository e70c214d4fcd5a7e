import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";

const finalStatuses = ["succeeded", "failed", "cancelled"];
/** An upload with no job at all (the queueing failed) is kept this long, in case its request is still under way. */
const orphanAgeMs = 24 * 60 * 60 * 1000;
const jobKeyPrefix = "traces.import:";

/** Deletes a project's upload and its bytes (the chunks go with it). */
export async function removeUpload(db: Db, { projectId, uploadId }: { projectId: string; uploadId: string }): Promise<void> {
  await retryOnBusy(() => db.upload.deleteMany({ where: { id: uploadId, projectId } }));
}

/**
 * Deletes the uploads whose import job is final (done, failed for good, or cancelled before it
 * ran) and those no job ever took. An upload is untrusted content kept only as long as its job needs it.
 */
export async function removeFinishedUploads(db: Db): Promise<number> {
  const uploads = await db.upload.findMany({ select: { id: true, createdAt: true } });
  if (uploads.length === 0) return 0;
  const jobs = await db.job.findMany({ where: { idempotencyKey: { in: uploads.map(({ id }) => `${jobKeyPrefix}${id}`) } }, select: { idempotencyKey: true, status: true } });
  const statusOf = new Map(jobs.map((job) => [job.idempotencyKey!.slice(jobKeyPrefix.length), job.status]));
  const done = uploads.filter(({ id, createdAt }) => {
    const status = statusOf.get(id);
    if (status) return finalStatuses.includes(status);
    return Date.now() - createdAt.getTime() > orphanAgeMs;
  });
  if (done.length > 0) await retryOnBusy(() => db.upload.deleteMany({ where: { id: { in: done.map(({ id }) => id) } } }));
  return done.length;
}

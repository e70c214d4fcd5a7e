import type { Db } from "../db/client";
import type { JobType } from "./job-type";
import { notifyJobBackend } from "./job-backend";

export type EnqueueOptions = { projectId?: string | null; idempotencyKey?: string; runAt?: Date };

/**
 * Stores the job row, then tells the backend. With an idempotency key, sending the same job twice
 * returns the first row and queues nothing new.
 */
export async function enqueueJob<Payload>(db: Db, type: JobType<Payload>, payload: Payload, options: EnqueueOptions = {}) {
  const valid = type.payloadSchema.parse(payload);
  if (options.idempotencyKey) {
    const existing = await db.job.findUnique({ where: { idempotencyKey: options.idempotencyKey } });
    if (existing) return { job: existing, isDuplicate: true };
  }
  try {
    const job = await db.job.create({
      data: {
        type: type.name,
        payload: valid as object,
        projectId: options.projectId ?? null,
        idempotencyKey: options.idempotencyKey ?? null,
        maxAttempts: type.maxAttempts,
        runAt: options.runAt ?? new Date(),
      },
    });
    await notifyJobBackend(job);
    return { job, isDuplicate: false };
  } catch (error) {
    // Two senders raced on the same idempotency key: the other one's row stands.
    const existing = options.idempotencyKey ? await db.job.findUnique({ where: { idempotencyKey: options.idempotencyKey } }) : null;
    if (existing) return { job: existing, isDuplicate: true };
    throw error;
  }
}

import { providerOf, readDatabaseUrl } from "../db/database-url";
import { ensureQueue, leaseSeconds } from "./pg-boss-client";

type QueuedJob = { id: string; type: string; runAt: Date };

/** pg-boss's own retries only cover a delivery whose worker died; handler retries are the row's. */
const deliveryRetries = 20;

/**
 * Tells the backend that a job row is due at runAt. On SQLite the workers poll the Job table, so
 * there is nothing to do; on PostgreSQL a pg-boss message carries the row id to one worker.
 */
export async function notifyJobBackend(job: QueuedJob): Promise<void> {
  const url = readDatabaseUrl();
  if (providerOf(url) === "sqlite") return;
  const boss = await ensureQueue(url, job.type);
  await boss.send(job.type, { jobId: job.id }, deliveryOptions(job));
}

/** notifyJobBackend for many rows at once: one insert of their messages. */
export async function notifyJobBackendOfMany(jobs: QueuedJob[]): Promise<void> {
  const url = readDatabaseUrl();
  if (providerOf(url) === "sqlite" || jobs.length === 0) return;
  let boss: Awaited<ReturnType<typeof ensureQueue>> | undefined;
  for (const type of new Set(jobs.map((job) => job.type))) boss = await ensureQueue(url, type);
  await boss!.insert(jobs.map((job) => ({ name: job.type, data: { jobId: job.id }, ...deliveryOptions(job) })));
}

const deliveryOptions = (job: QueuedJob) => ({
  startAfter: job.runAt,
  retryLimit: deliveryRetries,
  retryDelay: 1,
  // A little longer than the row lease, so that the row's lease has run out when pg-boss redelivers.
  expireInSeconds: leaseSeconds() + 2,
});

import { hostname } from "node:os";
import type { Db } from "../db/client";
import { claimJob } from "./claim-job";
import { registerHandler, type JobHandler, type JobType } from "./job-type";
import { runClaimedJob, type RunOutcome } from "./run-claimed-job";

const leaseMs = 30_000;
const pollMs = 250;

export type JobProgress = (fraction: number, message?: string) => void;

/**
 * Runs a queued job in this process (the CLI), through the job system, so /jobs shows its
 * progress as it would a worker's. When a worker took the job first, waits for that worker instead.
 */
export async function runJobNow<Payload>(db: Db, { jobId, type, handle, onProgress }: { jobId: string; type: JobType<Payload>; handle: JobHandler<Payload>; onProgress?: JobProgress }): Promise<RunOutcome> {
  const workerId = `cli:${hostname()}:${process.pid}`;
  const job = await claimJob(db, { workerId, leaseMs, types: [type.name], jobId });
  if (!job) return await waitForJob(db, { jobId, onProgress });
  const handler = registerHandler(type, (payload, context) =>
    handle(payload, {
      ...context,
      reportProgress: async (fraction, message) => {
        onProgress?.(fraction, message);
        await context.reportProgress(fraction, message);
      },
    }),
  );
  const outcome = await runClaimedJob(db, { job, handler, workerId, leaseMs });
  if (outcome !== "retrying") return outcome;
  // A failed attempt (or a busy database) put it back for later: take it again when it is due
  // rather than leave it to a worker, which may not be running.
  const queued = await db.job.findUnique({ where: { id: jobId }, select: { runAt: true } });
  if (queued) await new Promise((resolve) => setTimeout(resolve, Math.max(0, queued.runAt.getTime() - Date.now())));
  return await runJobNow(db, { jobId, type, handle, onProgress });
}

async function waitForJob(db: Db, { jobId, onProgress }: { jobId: string; onProgress?: JobProgress }): Promise<RunOutcome> {
  for (;;) {
    const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true, progress: true, progressMessage: true } });
    if (!job) return "lost";
    onProgress?.(job.progress, job.progressMessage ?? undefined);
    if (job.status === "succeeded" || job.status === "failed" || job.status === "cancelled") return job.status;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

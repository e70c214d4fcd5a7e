import { hostname } from "node:os";
import type { Db } from "../db/client";
import { claimJob } from "../jobs/claim-job";
import { registerHandler } from "../jobs/job-type";
import { runClaimedJob, type RunOutcome } from "../jobs/run-claimed-job";
import { handleLabRun, labRunJob } from "./lab-run-job";

const leaseMs = 30_000;
const pollMs = 250;

export type LabProgress = (fraction: number, message?: string) => void;

/**
 * Runs a queued lab job in this process (the CLI), through the job system, so /jobs shows its
 * progress as it would a worker's. When a worker took the job first, waits for that worker instead.
 */
export async function runLabJobNow(db: Db, { jobId, onProgress }: { jobId: string; onProgress?: LabProgress }): Promise<RunOutcome> {
  const workerId = `cli:${hostname()}:${process.pid}`;
  const job = await claimJob(db, { workerId, leaseMs, types: [labRunJob.name], jobId });
  if (!job) return await waitForJob(db, { jobId, onProgress });
  const handler = registerHandler(labRunJob, (payload, context) =>
    handleLabRun(payload, {
      ...context,
      reportProgress: async (fraction, message) => {
        onProgress?.(fraction, message);
        await context.reportProgress(fraction, message);
      },
    }),
  );
  const outcome = await runClaimedJob(db, { job, handler, workerId, leaseMs });
  // A failed first attempt was put back for a retry: take it again now rather than leave it to a worker.
  return outcome === "retrying" ? await runLabJobNow(db, { jobId, onProgress }) : outcome;
}

async function waitForJob(db: Db, { jobId, onProgress }: { jobId: string; onProgress?: LabProgress }): Promise<RunOutcome> {
  for (;;) {
    const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true, progress: true, progressMessage: true } });
    if (!job) return "lost";
    onProgress?.(job.progress, job.progressMessage ?? undefined);
    if (job.status === "succeeded" || job.status === "failed" || job.status === "cancelled") return job.status;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

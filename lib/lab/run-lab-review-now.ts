import type { Db } from "../db/client";
import { runJobNow } from "../jobs/run-job-now";
import { handleReviewLabRun, reviewLabRunJob } from "./review-lab-run-job";

/**
 * Runs a finished lab run's follow-up (simulated panel, then edge-case detection) in this process,
 * through the job system, so the CLI's `lab run` leaves the review queue filled (when a worker took
 * the job first, waits for it). Null when there is no follow-up or it did not succeed.
 */
export async function runLabReviewNow(db: Db, { runId }: { runId: string }) {
  const queued = await db.job.findUnique({ where: { idempotencyKey: `lab.review:${runId}` }, select: { id: true } });
  if (!queued) return null;
  const outcome = await runJobNow(db, { jobId: queued.id, type: reviewLabRunJob, handle: handleReviewLabRun });
  if (outcome !== "succeeded") return null;
  const done = await db.job.findUnique({ where: { id: queued.id }, select: { result: true } });
  return (done?.result as { detected?: { groups: number; flaggedRollouts: number } } | null)?.detected ?? null;
}

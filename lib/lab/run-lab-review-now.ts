import { hostname } from "node:os";
import type { Db } from "../db/client";
import { claimJob } from "../jobs/claim-job";
import { runClaimedJob } from "../jobs/run-claimed-job";
import { reviewLabRunHandler, reviewLabRunJob } from "./review-lab-run-job";

const leaseMs = 60_000;

/**
 * Runs a finished lab run's follow-up (simulated panel, then edge-case detection) in this process,
 * through the job system, so the CLI's `lab run` leaves the review queue filled. When a worker
 * took the job first it is left to the worker: the answer is then null.
 */
export async function runLabReviewNow(db: Db, { runId }: { runId: string }) {
  const queued = await db.job.findUnique({ where: { idempotencyKey: `lab.review:${runId}` }, select: { id: true } });
  if (!queued) return null;
  const workerId = `cli:${hostname()}:${process.pid}`;
  const job = await claimJob(db, { workerId, leaseMs, types: [reviewLabRunJob.name], jobId: queued.id });
  if (!job) return null;
  await runClaimedJob(db, { job, handler: reviewLabRunHandler, workerId, leaseMs });
  const done = await db.job.findUnique({ where: { id: job.id }, select: { status: true, result: true } });
  const detected = (done?.result as { detected?: { groups: number; flaggedRollouts: number } } | null)?.detected;
  return done?.status === "succeeded" && detected ? detected : null;
}

import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../jobs/job-type";
import { detectEdgeCases } from "../review/detect-edge-cases";
import { judgeLabRunWithSimulatedPanel } from "./judge-lab-run";

export const reviewLabRunJob = defineJobType({
  name: "lab.review",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  // Both steps are idempotent (stored verdicts are kept, cases are upserted by group): a retry is safe.
  maxAttempts: 3,
});

/** After a lab run: the simulated panel judges its rollouts, then edge-case detection fills the review queue. */
export async function handleReviewLabRun({ runId }: { runId: string }, { db, reportProgress }: { db: Db; reportProgress: (fraction: number, message?: string) => Promise<void> }) {
  const run = await db.trainingRun.findUnique({ where: { id: runId }, select: { projectId: true, status: true } });
  // Gone, or a run that did not finish: there are no rollouts worth judging.
  if (!run) return { runId, skipped: "run not found" };
  if (run.status !== "succeeded") return { runId, skipped: `run is ${run.status}` };
  const panel = await judgeLabRunWithSimulatedPanel(db, { projectId: run.projectId, runId, onProgress: (f, m) => reportProgress(f * 0.7, m) });
  const detected = await detectEdgeCases(db, { projectId: run.projectId, runId }, (f, m) => reportProgress(0.7 + f * 0.3, m));
  return { runId, panel, detected };
}

export const reviewLabRunHandler = registerHandler(reviewLabRunJob, handleReviewLabRun);

export async function enqueueLabReview(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  return await enqueueJob(db, reviewLabRunJob, { runId }, { projectId, idempotencyKey: `lab.review:${runId}` });
}

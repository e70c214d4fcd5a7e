import { z } from "zod";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../jobs/job-type";
import { detectRunDivergence } from "./detect-run-divergence";
import { detectRunDrift } from "./detect-run-drift";
import { hackCheckRates } from "./hack-check-rates";
import { runVerdict } from "./run-verdict";

export const runDivergenceJob = defineJobType({
  name: "runs.divergence",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  // Detection recomputes from the stored points and upserts by group key: a retry is safe.
  maxAttempts: 3,
});

const pendingKey = (runId: string) => `runs.divergence:${runId}`;

/**
 * Asks for the run's divergence and drift to be recomputed. A burst of metric posts makes one
 * pending job: the key is the run's until that job starts, when the job gives it up, so points
 * that arrive while it runs queue exactly one more.
 */
export async function enqueueRunDivergence(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  return await enqueueJob(db, runDivergenceJob, { runId }, { projectId, idempotencyKey: pendingKey(runId) });
}

export const runDivergenceHandler = registerHandler(runDivergenceJob, async ({ runId }, { db, jobId, reportProgress }) => {
  // Released before any point is read, so nothing posted from here on is missed.
  await retryOnBusy(() => db.job.updateMany({ where: { id: jobId, idempotencyKey: pendingKey(runId) }, data: { idempotencyKey: `${pendingKey(runId)}:${jobId}` } }));
  const divergence = await detectRunDivergence(db, { runId });
  // The run was deleted while the job waited: nothing to watch.
  if (!divergence) return { runId, skipped: "run not found" };
  await reportProgress(0.5, `${divergence.detections} divergences over ${divergence.pairs} metric pairs`);
  const drift = await detectRunDrift(db, { runId });
  // The run's hack risk in one line, stored with the run for its page and GET /api/v1/runs/{id}.
  const verdict = runVerdict({ pairs: divergence.scores, behaviourDrift: Boolean(drift?.caseId), hackChecks: await hackCheckRates(db, { runId }) });
  await retryOnBusy(() => db.trainingRun.updateMany({ where: { id: runId }, data: { hackRisk: { ...verdict, evidence: [...verdict.evidence], assessedAt: new Date().toISOString() } } }));
  return { runId, divergence, drift, verdict };
});

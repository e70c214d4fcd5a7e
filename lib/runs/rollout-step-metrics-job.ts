import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../jobs/job-type";
import { emitPipelineEvent } from "../jobs/pipeline-event";
import { recordRolloutStepMetrics } from "./record-rollout-step-metrics";

export const rolloutStepMetricsJob = defineJobType({
  name: "runs.rollout-metrics",
  payloadSchema: z.object({ runId: z.string().min(1), step: z.number().int().min(0) }),
  // The metrics are recomputed from the stored rollouts and upserted by (run, name, step): a retry is safe.
  maxAttempts: 3,
  backoffSeconds: 2,
  // Many reward requests for one step make one recompute, after the last of them that was queued.
  isCoalesced: true,
});

/** Queues the recompute of one step's rollout metrics; a burst for the same step is one job. */
export function startRolloutStepMetrics(db: Db, { projectId, runId, step }: { projectId: string; runId: string; step: number }) {
  return enqueueJob(db, rolloutStepMetricsJob, { runId, step }, { projectId, idempotencyKey: `${rolloutStepMetricsJob.name}:${runId}:${step}` });
}

export const rolloutStepMetricsHandler = registerHandler(rolloutStepMetricsJob, async ({ runId, step }, { db }) => {
  const run = await db.trainingRun.findUnique({ where: { id: runId }, select: { id: true, projectId: true } });
  // The run was deleted while the job waited: nothing to count.
  if (!run) return { runId, step, skipped: "run not found" };
  const written = await recordRolloutStepMetrics(db, [{ runId, step }]);
  if (written === 0) return { runId, step, metrics: 0, jobIds: [] };
  const { job } = await emitPipelineEvent(db, { event: "metrics.stored", projectId: run.projectId, subjectId: runId });
  return { runId, step, metrics: written, jobIds: [job.id] };
});

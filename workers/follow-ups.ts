import type { Db } from "../lib/db/client";
import { startHackInduction } from "../lib/hacks/induce-hack-job";
import { registerHandler } from "../lib/jobs/job-type";
import { pipelineEventJob, type PipelineEvent } from "../lib/jobs/pipeline-event";
import { enqueueRunDivergence } from "../lib/monitor/run-divergence-job";
import { startEdgeCaseDetection } from "../lib/review/detect-edge-cases-job";
import { startRolloutStepMetrics } from "../lib/runs/rollout-step-metrics-job";

type Started = { job: { id: string }; isDuplicate: boolean };
type FollowUp = { name: string; start: (db: Db, event: PipelineEvent) => Promise<Started | null> };

/**
 * The pipeline, declared once: after each event a domain emits, the jobs that run next.
 *
 *   traces judged          judge_run.finished   -> edge-cases.detect (the review queue)
 *   hack confirmed         known_hack.confirmed -> hacks.induce (its check, measured)
 *   rollouts stored        rollouts.stored      -> runs.rollout-metrics (the step's metrics)
 *   metric points stored   metrics.stored       -> runs.divergence (divergence, drift, verdict)
 *
 * One follow-up is queued in the call itself, not from an event: a document uploaded with "mine"
 * ticked queues tasks.mine-document in lib/tasks/upload-document.ts, because the upload's answer
 * carries that job's id (the CLI runs it in place; the dialog links to it).
 *
 * Each start queues its job with an idempotency key of its subject (coalesced while queued where
 * bursts are expected), so a retried or repeated event queues nothing twice.
 */
export const followUps: Record<PipelineEvent["event"], FollowUp[]> = {
  "judge_run.finished": [
    { name: "edge-cases.detect", start: (db, { projectId, subjectId, traceIds }) => startEdgeCaseDetection(db, { projectId, judgeRunJobId: subjectId, traceIds }) },
  ],
  "known_hack.confirmed": [{ name: "hacks.induce", start: (db, { projectId, subjectId }) => startHackInduction(db, { projectId, knownHackId: subjectId }) }],
  "rollouts.stored": [
    {
      name: "runs.rollout-metrics",
      // Every rollouts.stored event names its step; one without is not the reward API's.
      start: (db, { projectId, subjectId, step }) => (step === undefined ? Promise.resolve(null) : startRolloutStepMetrics(db, { projectId, runId: subjectId, step })),
    },
  ],
  "metrics.stored": [{ name: "runs.divergence", start: (db, { projectId, subjectId }) => enqueueRunDivergence(db, { projectId, runId: subjectId }) }],
};

export const pipelineEventHandler = registerHandler(pipelineEventJob, async (event, { db }) => {
  const queued: Array<{ followUp: string; jobId: string; isDuplicate: boolean }> = [];
  for (const { name, start } of followUps[event.event]) {
    const started = await start(db, event);
    if (started) queued.push({ followUp: name, jobId: started.job.id, isDuplicate: started.isDuplicate });
  }
  return { event: event.event, subjectId: event.subjectId, queued };
});

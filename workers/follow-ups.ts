import type { Db } from "../lib/db/client";
import { startHackInduction } from "../lib/hacks/induce-hack-job";
import { registerHandler } from "../lib/jobs/job-type";
import { pipelineEventJob, type PipelineEvent } from "../lib/jobs/pipeline-event";

type FollowUp = { name: string; start: (db: Db, event: PipelineEvent) => Promise<{ job: { id: string }; isDuplicate: boolean }> };

/**
 * The pipeline's follow-ups, declared once: after each event a domain emits, the jobs that run next.
 * Each start queues its job with an idempotency key of its subject, so a retried event queues nothing twice.
 */
export const followUps: Record<PipelineEvent["event"], FollowUp[]> = {
  "known_hack.confirmed": [{ name: "hacks.induce", start: (db, { projectId, subjectId }) => startHackInduction(db, { projectId, knownHackId: subjectId }) }],
};

export const pipelineEventHandler = registerHandler(pipelineEventJob, async (event, { db }) => {
  const queued: Array<{ followUp: string; jobId: string; isDuplicate: boolean }> = [];
  for (const { name, start } of followUps[event.event]) {
    const { job, isDuplicate } = await start(db, event);
    queued.push({ followUp: name, jobId: job.id, isDuplicate });
  }
  return { event: event.event, subjectId: event.subjectId, queued };
});

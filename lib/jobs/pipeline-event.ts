import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "./enqueue-job";
import { defineJobType } from "./job-type";

/**
 * Something a domain finished that another domain may follow up on. The domain only says what
 * happened (one queued row, after its own transaction); which jobs follow is declared in one place,
 * workers/follow-ups.ts, so no request waits for the next step and no domain starts another's.
 */
export const pipelineEventNames = [
  /** A review decision confirmed a hack whose check is still to be induced and measured (subject: the KnownHack). */
  "known_hack.confirmed",
  /** A judge run stored its verdicts (subject: the judges.run job; traceIds: the judged traces, when few enough to carry). */
  "judge_run.finished",
  /** The reward API stored rollouts of a run at a step (subject: the TrainingRun; step). */
  "rollouts.stored",
  /** Metric points of a run were stored, by a trainer, an import or the run's own bookkeeping (subject: the TrainingRun). */
  "metrics.stored",
] as const;
export const pipelineEventSchema = z.object({
  event: z.enum(pipelineEventNames),
  projectId: z.string().min(1),
  subjectId: z.string().min(1),
  step: z.number().int().min(0).optional(),
  traceIds: z.array(z.string().min(1)).max(10_000).optional(),
});
export type PipelineEvent = z.infer<typeof pipelineEventSchema>;

export const pipelineEventJob = defineJobType({
  name: "pipeline.event",
  payloadSchema: pipelineEventSchema,
  // Follow-ups are queued with idempotency keys, so handling an event twice queues each once.
  maxAttempts: 5,
  backoffSeconds: 2,
  // A burst of the same event (rollouts of one step in many requests) is one queued row.
  isCoalesced: true,
});

/**
 * Queues the event; the same event about the same subject while one is still queued is that one.
 * Call it after the transaction that made the subject.
 */
export function emitPipelineEvent(db: Db, event: PipelineEvent) {
  const key = `${event.event}:${event.subjectId}${event.step === undefined ? "" : `:${event.step}`}`;
  return enqueueJob(db, pipelineEventJob, event, { projectId: event.projectId, idempotencyKey: key });
}

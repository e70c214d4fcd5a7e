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
] as const;
export const pipelineEventSchema = z.object({ event: z.enum(pipelineEventNames), projectId: z.string().min(1), subjectId: z.string().min(1) });
export type PipelineEvent = z.infer<typeof pipelineEventSchema>;

export const pipelineEventJob = defineJobType({
  name: "pipeline.event",
  payloadSchema: pipelineEventSchema,
  // Follow-ups are queued with idempotency keys, so handling an event twice queues each once.
  maxAttempts: 5,
  backoffSeconds: 2,
});

/** Queues the event once per event and subject; call it after the transaction that made the subject. */
export function emitPipelineEvent(db: Db, event: PipelineEvent) {
  return enqueueJob(db, pipelineEventJob, event, { projectId: event.projectId, idempotencyKey: `${event.event}:${event.subjectId}` });
}

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, PermanentJobError, registerHandler, type JobHandler } from "../jobs/job-type";
import { mineTasksFromTraces } from "./mine-tasks-from-traces";

export const mineTracesBodySchema = z.strictObject({ environment: z.string().trim().min(1).max(200).optional() });
export type MineTracesBody = z.infer<typeof mineTracesBodySchema>;

export const mineTracesJob = defineJobType({
  name: "tasks.mine-traces",
  payloadSchema: mineTracesBodySchema,
  // Tasks are keyed by their trace: a retry skips what an earlier attempt stored.
  maxAttempts: 3,
});

/** Queues mining tool-use replay tasks from the project's traces. */
export async function startMineTasksFromTraces(
  db: Db,
  { projectId, environment, actor = systemActor }: { projectId: string; environment?: string; actor?: Actor },
) {
  const { job } = await enqueueJob(db, mineTracesJob, environment ? { environment } : {}, { projectId, idempotencyKey: `tasks.mine-traces:${randomUUID()}` });
  await recordAuditEvent(db, {
    projectId,
    actor,
    action: "tasks.mine_traces_started",
    subjectType: "job",
    subjectId: job.id,
    details: { environment: environment ?? null },
  });
  return job;
}

export const handleMineTracesJob: JobHandler<MineTracesBody> = async ({ environment }, { db, projectId, reportProgress }) => {
  if (!projectId) throw new PermanentJobError("a tasks.mine-traces job needs its project");
  return await mineTasksFromTraces(db, { projectId, environment, onProgress: reportProgress });
};

export const mineTracesHandler = registerHandler(mineTracesJob, handleMineTracesJob);

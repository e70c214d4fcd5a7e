import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../jobs/job-type";
import { detectEdgeCases } from "./detect-edge-cases";

export const detectEdgeCasesJob = defineJobType({
  name: "edge-cases.detect",
  payloadSchema: z.object({ projectId: z.string().min(1), runId: z.string().min(1).optional(), traceIds: z.array(z.string().min(1)).max(10_000).optional() }),
  // Detection is idempotent: a retry after a crash finishes what the first attempt started.
  maxAttempts: 3,
});

export const detectEdgeCasesHandler = registerHandler(detectEdgeCasesJob, async (payload, { db, reportProgress }) => {
  const project = await db.project.findUnique({ where: { id: payload.projectId }, select: { id: true } });
  // The project was deleted while the job waited: nothing to flag.
  if (!project) return { skipped: "project not found" };
  return await detectEdgeCases(db, payload, reportProgress);
});

/** Queues detection over judged traces (or the whole project without them), once per judge run. */
export function startEdgeCaseDetection(db: Db, { projectId, judgeRunJobId, traceIds }: { projectId: string; judgeRunJobId: string; traceIds?: string[] }) {
  return enqueueJob(db, detectEdgeCasesJob, traceIds ? { projectId, traceIds } : { projectId }, { projectId, idempotencyKey: `edge-cases.detect:${judgeRunJobId}` });
}

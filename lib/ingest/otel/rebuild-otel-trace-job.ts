import { z } from "zod";
import type { Db } from "../../db/client";
import { enqueueJobs } from "../../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../../jobs/job-type";
import { rebuildOtelTrace } from "./store-otel-trace";

export const rebuildOtelTraceJob = defineJobType({
  name: "traces.otel-rebuild",
  payloadSchema: z.object({ projectId: z.string().min(1), traceId: z.string().min(1) }),
  // The rebuild reads every record kept and replaces the trace: a retry gives the same trace.
  maxAttempts: 5,
  backoffSeconds: 1,
  // The exports of one trace in a burst make one rebuild, after the last of them that was queued.
  isCoalesced: true,
});

const rebuildKey = (projectId: string, traceId: string) => `${rebuildOtelTraceJob.name}:${projectId}:${traceId}`;

/** Queues the rebuild of each trace from its kept records, together; exports arriving before one starts share it. */
export function startOtelTraceRebuilds(db: Db, { projectId, traceIds }: { projectId: string; traceIds: string[] }) {
  return enqueueJobs(db, rebuildOtelTraceJob, traceIds.map((traceId) => ({ payload: { projectId, traceId }, idempotencyKey: rebuildKey(projectId, traceId) })), { projectId });
}

export const rebuildOtelTraceHandler = registerHandler(rebuildOtelTraceJob, ({ projectId, traceId }, { db }) => rebuildOtelTrace(db, { projectId, traceId }));

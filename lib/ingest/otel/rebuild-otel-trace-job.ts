import { z } from "zod";
import type { Db } from "../../db/client";
import { enqueueJob } from "../../jobs/enqueue-job";
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

/** Queues the rebuild of one trace from its kept records; exports arriving before it starts share it. */
export function startOtelTraceRebuild(db: Db, { projectId, traceId }: { projectId: string; traceId: string }) {
  return enqueueJob(db, rebuildOtelTraceJob, { projectId, traceId }, { projectId, idempotencyKey: `${rebuildOtelTraceJob.name}:${projectId}:${traceId}` });
}

export const rebuildOtelTraceHandler = registerHandler(rebuildOtelTraceJob, ({ projectId, traceId }, { db }) => rebuildOtelTrace(db, { projectId, traceId }));

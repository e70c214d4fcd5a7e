import { z } from "zod";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { detectEdgeCasesJob } from "../review/detect-edge-cases-job";
import { runJudges, type JudgeRunResult } from "./run-judges";
import { selectTraces, traceSelectionSchema } from "./trace-selection";

export const judgesRunJob = defineJobType({
  name: "judges.run",
  payloadSchema: z.object({ judgeIds: z.array(z.string().min(1)).min(1), selection: traceSelectionSchema, limit: z.number().int().min(1).max(50_000).optional() }),
  // Verdicts already made are cached, so a retry pays only for what the failed attempt did not finish.
  maxAttempts: 3,
  backoffSeconds: 10,
});
export type JudgesRunPayload = z.infer<typeof judgesRunJob.payloadSchema>;
export type JudgesRunJobResult = JudgeRunResult & { selected: number };

/** A judge run over a selection of traces, then edge-case detection over them; the job's result holds the run's totals, per judge too. */
export async function handleJudgesRun({ judgeIds, selection, limit }: JudgesRunPayload, { db, projectId, jobId, signal, reportProgress }: Pick<JobContext, "db" | "projectId" | "jobId" | "signal" | "reportProgress">): Promise<JudgesRunJobResult> {
  if (!projectId) throw new PermanentJobError("a judge run needs a project");
  const traceIds = await selectTraces(db, { projectId, selection, judgeIds, limit });
  await reportProgress(0, `${traceIds.length} traces selected`);
  const result = await runJudges(db, { projectId, judgeIds, traceIds, jobId, signal, onProgress: (fraction, message) => reportProgress(fraction, message) });
  // New verdicts can split the panel or contradict a reward: the review queue looks at the judged traces next.
  // A selection too big for one payload has detection run over the whole project instead.
  if (traceIds.length > 0) {
    const payload = traceIds.length <= 10_000 ? { projectId, traceIds } : { projectId };
    await enqueueJob(db, detectEdgeCasesJob, payload, { projectId, idempotencyKey: `edge-cases.detect:${jobId}` });
  }
  return { selected: traceIds.length, ...result };
}

export const judgesRunHandler = registerHandler(judgesRunJob, handleJudgesRun);

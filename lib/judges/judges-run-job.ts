import { z } from "zod";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { emitPipelineEvent } from "../jobs/pipeline-event";
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

/** A judge run over a selection of traces; the job's result holds the run's totals, per judge too. */
export async function handleJudgesRun({ judgeIds, selection, limit }: JudgesRunPayload, { db, projectId, jobId, signal, reportProgress }: Pick<JobContext, "db" | "projectId" | "jobId" | "signal" | "reportProgress">): Promise<JudgesRunJobResult> {
  if (!projectId) throw new PermanentJobError("a judge run needs a project");
  const traceIds = await selectTraces(db, { projectId, selection, judgeIds, limit });
  await reportProgress(0, `${traceIds.length} traces selected`);
  const result = await runJudges(db, { projectId, judgeIds, traceIds, jobId, signal, onProgress: (fraction, message) => reportProgress(fraction, message) });
  // A selection too big for one payload is announced without its traces (what follows looks at the whole project).
  if (traceIds.length > 0) await emitPipelineEvent(db, { event: "judge_run.finished", projectId, subjectId: jobId, ...(traceIds.length <= 10_000 ? { traceIds } : {}) });
  return { selected: traceIds.length, ...result };
}

export const judgesRunHandler = registerHandler(judgesRunJob, handleJudgesRun);

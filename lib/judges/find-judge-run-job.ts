import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { toJobSummary, type JobSummary } from "../jobs/list-jobs";
import { judgesRunJob, type JudgesRunJobResult } from "./judges-run-job";

/** A judge-run job of the project, with its totals once done; the /judges run panel polls this. */
export async function findJudgeRunJob(db: Db, { projectId, jobId }: { projectId: string; jobId: string }): Promise<{ job: JobSummary; result: JudgesRunJobResult | null }> {
  const job = await db.job.findFirst({ where: { id: jobId, projectId, type: judgesRunJob.name } });
  if (!job) throw notFound("Judge run");
  return { job: toJobSummary(job), result: (job.result as JudgesRunJobResult | null) ?? null };
}

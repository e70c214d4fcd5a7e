import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { describeJobSubjects } from "./job-subjects";
import type { JobAnswer } from "./job-view-schemas";
import { toJobSummary } from "./list-jobs";

/** A job of the project as the list shows it (its subject too), with its result (null until it is done); another project's job answers exactly as an unknown id does. */
export async function findJob(db: Db, { projectId, jobId }: { projectId: string; jobId: string }): Promise<JobAnswer> {
  const job = await db.job.findFirst({ where: { id: jobId, projectId } });
  if (!job) throw notFound("Job");
  const [subject] = await describeJobSubjects(db, projectId, [job]);
  return { ...toJobSummary(job), subject: subject ?? null, result: job.result ?? null };
}

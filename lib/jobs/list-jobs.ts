import type { Db } from "../db/client";
import { describeJobSubjects } from "./job-subjects";
import type { JobListItem, JobSummary } from "./job-view-schemas";

export type { JobListItem, JobSummary };

/** The project's jobs, newest first; by status and type when asked. */
export async function listJobs(db: Db, { projectId, status, type, limit = 100 }: { projectId: string; status?: string; type?: string; limit?: number }): Promise<JobListItem[]> {
  const jobs = await db.job.findMany({ where: { projectId, ...(status ? { status } : {}), ...(type ? { type } : {}) }, orderBy: { createdAt: "desc" }, take: limit });
  const subjects = await describeJobSubjects(db, projectId, jobs);
  return jobs.map((job, i) => ({ ...toJobSummary(job), subject: subjects[i]! }));
}

type JobRow = Awaited<ReturnType<Db["job"]["findMany"]>>[number];

export function toJobSummary(job: JobRow): JobSummary {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    progress: job.progress,
    progressMessage: job.progressMessage,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

import type { Db } from "../db/client";

export type JobSummary = {
  id: string;
  type: string;
  status: string;
  progress: number;
  progressMessage: string | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export async function listJobs(db: Db, { projectId, limit = 100 }: { projectId: string; limit?: number }): Promise<JobSummary[]> {
  const jobs = await db.job.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, take: limit });
  return jobs.map(toJobSummary);
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

import type { Db } from "../db/client";
import { forbidden, notFound } from "../errors/app-error";
import { toJobSummary } from "./list-jobs";

export async function findJob(db: Db, { projectId, jobId }: { projectId: string; jobId: string }) {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job) throw notFound("Job");
  if (job.projectId !== projectId) throw forbidden("This job belongs to another project");
  return toJobSummary(job);
}


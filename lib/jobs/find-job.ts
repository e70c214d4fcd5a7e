import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { toJobSummary } from "./list-jobs";

/** A job of the project with its result (null until it is done); another project's job answers exactly as an unknown id does. */
export async function findJob(db: Db, { projectId, jobId }: { projectId: string; jobId: string }) {
  const job = await db.job.findFirst({ where: { id: jobId, projectId } });
  if (!job) throw notFound("Job");
  return { ...toJobSummary(job), result: job.result ?? null };
}


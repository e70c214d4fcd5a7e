import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { toJobSummary, type JobSummary } from "../jobs/list-jobs";
import { importTracesJob, type ImportJobResult } from "./import-traces-job";

/** An import job of the project, with its result once it has one; the Import dialog polls this. */
export async function findImportJob(db: Db, { projectId, jobId }: { projectId: string; jobId: string }): Promise<{ job: JobSummary; result: ImportJobResult | null }> {
  const job = await db.job.findFirst({ where: { id: jobId, projectId, type: importTracesJob.name } });
  if (!job) throw notFound("Import job");
  return { job: toJobSummary(job), result: (job.result as ImportJobResult | null) ?? null };
}

import type { Db } from "../lib/db/client";
import { runJobNow } from "../lib/jobs/run-job-now";
import type { RunOutcome } from "../lib/jobs/run-claimed-job";
import { wireJobHandlers } from "./job-handlers";

export type RanJob = { id: string; type: string; outcome: RunOutcome };

/**
 * Runs a project's due jobs in this process, through the job system, oldest first, until none is
 * left: what a worker would do, including the follow-ups each job queues. For the CLI and tests,
 * which have no worker running. `types` limits it to those job types.
 */
export async function runPendingJobs(db: Db, { projectId, types }: { projectId: string; types?: string[] }): Promise<RanJob[]> {
  const handlers = new Map(wireJobHandlers().map((handler) => [handler.type.name, handler]));
  const wanted = (types ?? [...handlers.keys()]).filter((type) => handlers.has(type));
  const ran: RanJob[] = [];
  for (;;) {
    const job = await db.job.findFirst({ where: { projectId, status: "queued", type: { in: wanted }, runAt: { lte: new Date() } }, orderBy: [{ runAt: "asc" }, { createdAt: "asc" }], select: { id: true, type: true } });
    if (!job) return ran;
    const { type, handle } = handlers.get(job.type)!;
    ran.push({ ...job, outcome: await runJobNow(db, { jobId: job.id, type, handle }) });
  }
}

import type { Db } from "../db/client";
import type { RunVerdict } from "./run-hack-risk";
import type { RunSummary } from "./run-summary";

export type RunJobProgress = { id: string; status: string; progress: number; progressMessage: string | null; error: string | null };

export type RunListItem = {
  id: string;
  name: string;
  trainer: string;
  status: string;
  environment: string | null;
  rubricVersion: number | null;
  startedAt: string;
  finishedAt: string | null;
  /** The lab's summary numbers; runs from outside trainers have none yet. */
  summary: RunSummary | null;
  /** The monitor's hack-risk verdict (none / watch / likely) with its evidence, from its last runs.divergence job; null before the first. */
  hackRisk: (RunVerdict & { assessedAt: string }) | null;
  /** The job that trains the run in-app (the lab), keyed to it by its idempotency key. */
  job: RunJobProgress | null;
};

/** The project's training runs, newest first, with the progress of each one's job. */
export async function listRuns(db: Db, { projectId, runIds, limit = 100 }: { projectId: string; runIds?: string[]; limit?: number }): Promise<RunListItem[]> {
  const runs = await db.trainingRun.findMany({
    where: { projectId, ...(runIds ? { id: { in: runIds } } : {}) },
    orderBy: { createdAt: "desc" },
    take: limit,
    include: { rubricVersion: { select: { version: true } } },
  });
  const jobs = await db.job.findMany({
    where: { projectId, idempotencyKey: { in: runs.map((r) => r.id) } },
    select: { id: true, idempotencyKey: true, status: true, progress: true, progressMessage: true, error: true },
  });
  const jobOf = new Map(jobs.map(({ idempotencyKey, ...job }) => [idempotencyKey, job]));
  return runs.map((run) => ({
    id: run.id,
    name: run.name,
    trainer: run.trainer,
    status: run.status,
    environment: run.environment,
    rubricVersion: run.rubricVersion?.version ?? null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    summary: (run.summary as RunSummary | null) ?? null,
    hackRisk: (run.hackRisk as (RunVerdict & { assessedAt: string }) | null) ?? null,
    job: jobOf.get(run.id) ?? null,
  }));
}

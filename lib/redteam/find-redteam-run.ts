import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { REDTEAM_JOB } from "./redteam-job";
import type { RedteamReport } from "./redteam-report";
import { redteamJobPayloadSchema, type RedteamRequest } from "./redteam-schemas";

export type RedteamRunView = {
  id: string;
  status: string;
  progress: number;
  progressMessage: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** Empty when the stored payload no longer reads as a request. */
  request: Partial<RedteamRequest>;
  /** Null until the run has finished. */
  report: RedteamReport | null;
};

/** One red-team run of the project, as the API, the CLI and the pages show it; another project's run answers as an unknown id. */
export async function findRedteamRun(db: Db, { projectId, id }: { projectId: string; id: string }): Promise<RedteamRunView> {
  const job = await db.job.findFirst({ where: { id, projectId, type: REDTEAM_JOB } });
  if (!job) throw notFound("Red-team run");
  return toRedteamRunView(job);
}

/** The latest red-team runs of a rubric version, newest first. */
export async function listRedteamRuns(db: Db, { projectId, rubricVersionId, take = 5 }: { projectId: string; rubricVersionId?: string; take?: number }): Promise<RedteamRunView[]> {
  const jobs = await db.job.findMany({ where: { projectId, type: REDTEAM_JOB }, orderBy: { createdAt: "desc" }, take: rubricVersionId ? 200 : take });
  return jobs
    .map(toRedteamRunView)
    .filter((run) => !rubricVersionId || run.request.rubricVersionId === rubricVersionId)
    .slice(0, take);
}

/** The latest finished red-team run that measured at least one judge's biases: what /judges shows. */
export async function findLatestJudgeBiasRun(db: Db, { projectId }: { projectId: string }): Promise<RedteamRunView | null> {
  const jobs = await db.job.findMany({ where: { projectId, type: REDTEAM_JOB, status: "succeeded" }, orderBy: { finishedAt: "desc" }, take: 20 });
  return jobs.map(toRedteamRunView).find((run) => (run.report?.judgeBias.length ?? 0) > 0) ?? null;
}

type JobRow = NonNullable<Awaited<ReturnType<Db["job"]["findFirst"]>>>;

function toRedteamRunView(job: JobRow): RedteamRunView {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    progressMessage: job.progressMessage,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    request: requestOf(job.payload),
    report: job.status === "succeeded" ? (job.result as RedteamReport | null) : null,
  };
}

function requestOf(payload: unknown): Partial<RedteamRequest> {
  const parsed = redteamJobPayloadSchema.safeParse(payload);
  if (!parsed.success) return {};
  const { projectId: _projectId, ...request } = parsed.data;
  return request;
}

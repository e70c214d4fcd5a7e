import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { enqueueJob } from "../jobs/enqueue-job";
import { findJudgesByName } from "../judges/find-judges-by-name";
import { defineJobType, PermanentJobError, registerHandler } from "../jobs/job-type";
import { runRedteam } from "./run-redteam";
import { redteamJobPayloadSchema, type RedteamRequest } from "./redteam-schemas";

export const REDTEAM_JOB = "redteam";

export const redteamJob = defineJobType({
  name: REDTEAM_JOB,
  payloadSchema: redteamJobPayloadSchema,
  // Probes are keyed by job and the cases by version and family, so a retry records nothing twice.
  maxAttempts: 2,
});

export const redteamHandler = registerHandler(redteamJob, async ({ projectId, ...request }, { db, jobId, reportProgress, signal }) => {
  const project = await db.project.findUnique({ where: { id: projectId }, select: { id: true } });
  if (!project) throw new PermanentJobError(`Project ${projectId} is gone`);
  const report = await runRedteam(db, { projectId, request, jobId, onProgress: reportProgress, signal });
  await reportProgress(1, `${report.loopholes.length} loophole(s) in ${report.families.length} families`);
  return report;
});

/** Queues a red-team run of a rubric version of the project; the job row carries its progress and, when done, its report. */
export async function startRedteam(db: Db, { projectId, request }: { projectId: string; request: RedteamRequest }) {
  const version = await db.rubricVersion.findFirst({ where: { id: request.rubricVersionId, rubric: { projectId } }, select: { id: true } });
  if (!version) throw notFound("Rubric version");
  await assertNamedJudges(db, { projectId, request });
  const { job } = await enqueueJob(db, redteamJob, { projectId, ...request }, { projectId });
  return job;
}

/** Every judge the request names is one of the project's, and the attacker an llm judge, said before anything is queued. */
async function assertNamedJudges(db: Db, { projectId, request }: { projectId: string; request: RedteamRequest }) {
  const named = [
    ...request.referee.map((name, index) => ({ path: `referee.${index}`, name })),
    ...(request.judges ?? []).map((name, index) => ({ path: `judges.${index}`, name })),
    ...(request.attacker ? [{ path: "attacker.judge", name: request.attacker.judge }] : []),
  ];
  if (!named.length) return;
  const judges = await findJudgesByName(db, { projectId, names: named.map(({ name }) => name), paths: named.map(({ path }) => path) });
  const attacker = request.attacker ? judges.at(-1)! : null;
  if (attacker && attacker.kind !== "llm") {
    throw new AppError("bad_request", `The attacker must be an llm judge's endpoint; ${attacker.name} is a ${attacker.kind} judge`, [{ path: "attacker.judge", message: "not an llm judge" }]);
  }
}

import type { Db } from "../db/client";

/**
 * The run a new run is compared with: the latest run of the same environment trained on another
 * rubric version (the version the new one replaces). None when the run has no environment or version.
 */
export async function findReplacedRun(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  const run = await db.trainingRun.findFirst({ where: { id: runId, projectId }, select: { environment: true, rubricVersionId: true } });
  if (!run?.environment || !run.rubricVersionId) return null;
  return db.trainingRun.findFirst({
    where: { projectId, environment: run.environment, id: { not: runId }, rubricVersionId: { not: run.rubricVersionId } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true },
  });
}

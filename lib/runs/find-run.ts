import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

export async function findRun(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  const run = await db.trainingRun.findFirst({ where: { id: runId, projectId } });
  if (!run) throw notFound("Training run");
  return run;
}

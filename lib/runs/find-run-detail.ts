import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { listRuns, type RunListItem } from "./list-runs";
import { loadRunMetrics } from "./load-run-metrics";

/** One run of the project for its page: the list's fields and every metric's first and last value. */
export async function findRunDetail(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  const exists = await db.trainingRun.findFirst({ where: { id: runId, projectId }, select: { id: true } });
  if (!exists) throw notFound("Training run");
  const [runs, metrics] = await Promise.all([listRuns(db, { projectId, runIds: [runId] }), loadRunMetrics(db, { runId })]);
  const run: RunListItem = runs[0]!;
  return { run, metrics };
}

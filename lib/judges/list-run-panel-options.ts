import type { Db } from "../db/client";

/** What the /judges run panel offers to select: the project's environments and training runs. */
export async function listRunPanelOptions(db: Db, { projectId }: { projectId: string }) {
  const [environments, runs] = await Promise.all([
    db.trace.groupBy({ by: ["environment"], where: { projectId }, _count: { _all: true }, orderBy: { environment: "asc" } }),
    db.trainingRun.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, take: 50, select: { id: true, name: true } }),
  ]);
  return {
    environments: environments.flatMap((row) => (row.environment ? [{ name: row.environment, traces: row._count._all }] : [])),
    runs,
  };
}

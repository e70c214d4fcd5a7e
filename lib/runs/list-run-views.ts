import type { Db } from "../db/client";
import type { ListRunsQuery } from "./list-runs-query";
import { toRunView, type RunView } from "./run-view";

/** The project's runs as the API answers them, newest first: by exact name and status when given. */
export async function listRunViews(db: Db, { projectId, name, status, limit }: { projectId: string } & ListRunsQuery): Promise<RunView[]> {
  const runs = await db.trainingRun.findMany({
    where: { projectId, ...(name ? { name } : {}), ...(status ? { status } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return runs.map(toRunView);
}

import type { Db, Tx } from "../db/client";
import { nativeStepFields, toNativeTrace } from "./to-native-trace";

/** Stored traces (with their steps) back in the native shape the rubric evaluator reads. */
export async function loadTracesForScoring(db: Db | Tx, { projectId, where = {}, take = 200 }: { projectId: string; where?: { environment?: string; runId?: string; source?: string; ids?: string[] }; take?: number }) {
  const rows = await db.trace.findMany({
    where: { projectId, environment: where.environment, runId: where.runId, source: where.source, ...(where.ids ? { id: { in: where.ids } } : {}) },
    orderBy: { createdAt: "desc" },
    take,
    include: { steps: { orderBy: { index: "asc" }, select: nativeStepFields } },
  });
  return rows.map((row) => ({ id: row.id, reward: row.reward, trace: toNativeTrace(row) }));
}

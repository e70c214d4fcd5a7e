import type { Db } from "../db/client";
import { nativeStepFields, toNativeTrace } from "../traces/to-native-trace";
import type { Trace } from "../traces/trace-schema";

export type JudgedTrace = { id: string; contentHash: string; trace: Trace };

/** Stored traces with their steps, in the order of `traceIds` (missing ones left out), in the native format prompts read. */
export async function loadJudgedTraces(db: Db, { projectId, traceIds }: { projectId: string; traceIds: string[] }): Promise<JudgedTrace[]> {
  if (traceIds.length === 0) return [];
  const rows = await db.trace.findMany({
    where: { projectId, id: { in: traceIds } },
    include: { steps: { orderBy: { index: "asc" }, select: nativeStepFields } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return traceIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, contentHash: row.contentHash, trace: toNativeTrace(row) }] : [];
  });
}

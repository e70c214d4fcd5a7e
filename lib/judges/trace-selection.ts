import { z } from "zod";
import type { Db } from "../db/client";
import { listTraces } from "../traces/list-traces";
import { traceListQuerySchema } from "../traces/trace-list-query";

/** Which traces a judge run covers: ids, a /traces filter, a run, or what the panel has not judged yet. */
export const traceSelectionSchema = z.discriminatedUnion("by", [
  z.object({ by: z.literal("ids"), traceIds: z.array(z.string().min(1)).min(1).max(50_000) }),
  /** The /traces filters as search params (lib/traces/trace-list-query.ts). */
  z.object({ by: z.literal("query"), query: z.record(z.string(), z.string()) }),
  z.object({ by: z.literal("run"), runId: z.string().min(1) }),
  /** Traces (of one environment, if given) that some judge of the run has no verdict on. */
  z.object({ by: z.literal("unjudged"), environment: z.string().min(1).optional() }),
]);
export type TraceSelection = z.infer<typeof traceSelectionSchema>;

const pageSize = 500;

/** The trace ids of a selection, newest first, at most `limit`. */
export async function selectTraces(db: Db, { projectId, selection, judgeIds, limit = 10_000 }: { projectId: string; selection: TraceSelection; judgeIds: string[]; limit?: number }): Promise<string[]> {
  if (selection.by === "ids") {
    const known = new Set<string>();
    // In chunks: SQLite binds at most a few hundred parameters per statement.
    for (let start = 0; start < selection.traceIds.length; start += pageSize) {
      const found = await db.trace.findMany({ where: { projectId, id: { in: selection.traceIds.slice(start, start + pageSize) } }, select: { id: true } });
      for (const trace of found) known.add(trace.id);
    }
    return selection.traceIds.filter((id) => known.has(id)).slice(0, limit);
  }
  if (selection.by === "unjudged") {
    const versions = await db.judgeVersion.findMany({ where: { judge: { projectId, id: { in: judgeIds } } }, orderBy: { version: "desc" }, select: { id: true, judgeId: true } });
    const latest = [...new Map(versions.map((version) => [version.judgeId, version.id])).values()];
    const rows = await db.trace.findMany({
      where: { projectId, ...(selection.environment ? { environment: selection.environment } : {}), OR: latest.map((judgeVersionId) => ({ verdicts: { none: { judgeVersionId } } })) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }
  const query = traceListQuerySchema.parse(selection.by === "run" ? { run: selection.runId } : { ...selection.query, cursor: undefined });
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listTraces(db, { projectId, query: { ...query, cursor }, limit: Math.min(pageSize, limit - ids.length) });
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && ids.length < limit);
  return ids;
}

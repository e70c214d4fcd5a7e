import type { Db } from "../db/client";

/** The external ids of the project's traces among `ids`, by id: what a list of trace links shows a reviewer instead of a database id. */
export async function traceNames(db: Db, { projectId, ids }: { projectId: string; ids: readonly string[] }): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = new Map<string, string>();
  // Prisma refuses `in` lists past SQLite's parameter limit; the lists here are a few hundred at most.
  for (let start = 0; start < unique.length; start += 500) {
    const traces = await db.trace.findMany({ where: { projectId, id: { in: unique.slice(start, start + 500) } }, select: { id: true, externalId: true } });
    for (const trace of traces) names.set(trace.id, trace.externalId);
  }
  return names;
}

import type { Db } from "../db/client";

const chunk = 500;

/** The stored trace id of each of these externalIds the project has, by externalId, read a chunk at a time. */
export async function traceIdsByExternalId(db: Db, { projectId, externalIds }: { projectId: string; externalIds: string[] }): Promise<Map<string, string>> {
  const unique = [...new Set(externalIds)];
  const idOf = new Map<string, string>();
  for (let start = 0; start < unique.length; start += chunk) {
    const rows = await db.trace.findMany({ where: { projectId, externalId: { in: unique.slice(start, start + chunk) } }, select: { id: true, externalId: true } });
    for (const row of rows) idOf.set(row.externalId, row.id);
  }
  return idOf;
}

/** The stored trace ids of these externalIds in the project, in the order given (each once; one not stored is left out). */
export async function findTraceIds(db: Db, { projectId, externalIds }: { projectId: string; externalIds: string[] }): Promise<string[]> {
  const idOf = await traceIdsByExternalId(db, { projectId, externalIds });
  return [...new Set(externalIds)].flatMap((externalId) => (idOf.has(externalId) ? [idOf.get(externalId)!] : []));
}

import type { Db } from "../db/client";

const chunk = 500;

/** The stored trace ids of these externalIds in the project, in the order given (each once; one not stored is left out). */
export async function findTraceIds(db: Db, { projectId, externalIds }: { projectId: string; externalIds: string[] }): Promise<string[]> {
  const unique = [...new Set(externalIds)];
  const idOf = new Map<string, string>();
  for (let start = 0; start < unique.length; start += chunk) {
    const rows = await db.trace.findMany({ where: { projectId, externalId: { in: unique.slice(start, start + chunk) } }, select: { id: true, externalId: true } });
    for (const row of rows) idOf.set(row.externalId, row.id);
  }
  return unique.flatMap((externalId) => (idOf.has(externalId) ? [idOf.get(externalId)!] : []));
}

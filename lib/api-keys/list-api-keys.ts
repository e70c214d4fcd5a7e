import type { Db } from "../db/client";

export async function listApiKeys(db: Db, projectId: string) {
  return db.apiKey.findMany({
    where: { projectId },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true, createdBy: { select: { email: true } } },
    orderBy: { createdAt: "desc" },
  });
}

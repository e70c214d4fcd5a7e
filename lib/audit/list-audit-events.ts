import type { Db } from "../db/client";

export async function listAuditEvents(db: Db, projectId: string, limit = 50) {
  return db.auditEvent.findMany({ where: { projectId }, orderBy: { createdAt: "desc" }, take: limit });
}

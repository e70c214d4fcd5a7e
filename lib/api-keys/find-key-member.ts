import type { Db } from "../db/client";

/**
 * The member a key was made in the name of (its creator, `api-key create --as EMAIL`), with their role in
 * the project now; null when the creator is no member of the project, is disabled, or there is none.
 */
export async function findKeyMember(db: Db, { apiKeyId, projectId }: { apiKeyId: string; projectId: string }) {
  const key = await db.apiKey.findUnique({ where: { id: apiKeyId }, select: { createdById: true, createdBy: { select: { email: true, disabledAt: true } } } });
  if (!key?.createdById || !key.createdBy || key.createdBy.disabledAt) return null;
  const member = await db.member.findUnique({ where: { projectId_userId: { projectId, userId: key.createdById } }, select: { role: true } });
  return member ? { userId: key.createdById, email: key.createdBy.email, role: member.role } : null;
}

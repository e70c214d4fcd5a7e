import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";

/**
 * The member a key was made in the name of (its creator, as resolveApiReviewer reads it), for what
 * "mine" means through the API. A key made by no member of this project, or by a disabled user, has
 * no "mine": asking for it is a 400 that says how to make one, never a filter silently dropped.
 */
export async function findKeyMemberUserId(db: Db, { apiKeyId, projectId }: { apiKeyId: string; projectId: string }): Promise<string> {
  const key = await db.apiKey.findUnique({ where: { id: apiKeyId }, select: { createdById: true, createdBy: { select: { disabledAt: true } } } });
  const member = key?.createdById ? await db.member.findUnique({ where: { projectId_userId: { projectId, userId: key.createdById } }, select: { userId: true } }) : null;
  if (!member || key?.createdBy?.disabledAt) {
    throw new AppError("bad_request", 'assignee=mine lists the cases assigned to the member this key was made for, and this key was made for no enabled member of the project (make one with: goodhart api-key create --as EMAIL)', [
      { path: "assignee", message: "this key has no member" },
    ]);
  }
  return member.userId;
}

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import type { SessionClaims } from "./session-version";

/**
 * Sign-out: ends the user's sessions, but only when the one signing out is itself current, so a
 * copied cookie that no longer works cannot be used to sign the user out again and again.
 */
export async function signOutSession(db: Db, { sub, sv }: SessionClaims): Promise<boolean> {
  if (!sub || typeof sv !== "number") return false;
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: sub, sessionVersion: sv }, data: { sessionVersion: { increment: 1 } } });
    if (count === 0) return false;
    const user = await tx.user.findUniqueOrThrow({ where: { id: sub }, select: { email: true } });
    await recordAuditEvent(tx, { actor: { userId: sub, label: user.email }, action: "user.sign_out", subjectType: "user", subjectId: sub });
    return true;
  });
}

/** "End all my sessions": every session of the user, this one included, ends now. */
export async function endAllSessions(db: Db, { userId, projectId, actor }: { userId: string; projectId?: string | null; actor: Actor }) {
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
    await recordAuditEvent(tx, { projectId, actor, action: "user.sessions_end", subjectType: "user", subjectId: userId });
  });
}

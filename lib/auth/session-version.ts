import type { Db, Tx } from "../db/client";

/** What a session carries about its user: the id and the session version it was issued with. */
export type SessionClaims = { sub?: string | null; sv?: unknown };

/**
 * The check each request makes: the user still exists, is not disabled, and has not signed out,
 * changed the password or been removed from a project since the session was issued.
 */
export async function isSessionCurrent(db: Db, { sub, sv }: SessionClaims): Promise<boolean> {
  if (!sub || typeof sv !== "number") return false;
  const user = await db.user.findUnique({ where: { id: sub }, select: { sessionVersion: true, disabledAt: true } });
  return Boolean(user && !user.disabledAt && user.sessionVersion === sv);
}

/** Ends every session of the user at once: sessions issued before carry an older version. */
export async function bumpSessionVersion(db: Db | Tx, userId: string): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

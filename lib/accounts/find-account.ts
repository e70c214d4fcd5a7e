import type { Db, Tx } from "../db/client";
import { notFound } from "../errors/app-error";
import { normalizeEmail } from "../auth/normalize-email";

/** An account by id or email (emails are stored lower-case). */
export async function findAccount(db: Db | Tx, { userId, email }: { userId?: string; email?: string }) {
  const user = userId
    ? await db.user.findUnique({ where: { id: userId } })
    : email
      ? await db.user.findUnique({ where: { email: normalizeEmail(email) } })
      : null;
  if (!user) throw notFound("Account");
  return user;
}

import { recordAuditEvent } from "../audit/record-audit-event";
import { hashPassword, minPasswordLength } from "../auth/password";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { assertInstanceAdmin, type AccountAuthority } from "./account-authority";
import { findAccount } from "./find-account";

/** Sets a new password on an account and ends its sessions everywhere; an instance admin's act. */
export async function resetAccountPassword(
  db: Db,
  { userId, email, password, authority }: { userId?: string; email?: string; password: string; authority: AccountAuthority },
) {
  if (password.length < minPasswordLength) throw new AppError("bad_request", `password must be at least ${minPasswordLength} characters`, [{ field: "password" }]);
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    await assertInstanceAdmin(tx, authority);
    const user = await findAccount(tx, { userId, email });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await recordAuditEvent(tx, { actor: authority.actor, action: "user.password_reset", subjectType: "user", subjectId: user.id, details: { email: user.email } });
  });
}

import { recordAuditEvent } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { assertInstanceAdmin, type AccountAuthority } from "./account-authority";
import { findAccount } from "./find-account";

/**
 * Names an instance admin, or takes the right away. The last instance admin keeps it (nobody in the
 * app could name another); a disabled account cannot be named.
 */
export async function setInstanceAdmin(
  db: Db,
  { userId, email, isInstanceAdmin, authority }: { userId?: string; email?: string; isInstanceAdmin: boolean; authority: AccountAuthority },
) {
  await db.$transaction(async (tx) => {
    await assertInstanceAdmin(tx, authority);
    const user = await findAccount(tx, { userId, email });
    if (user.isInstanceAdmin === isInstanceAdmin) return;
    if (isInstanceAdmin && user.disabledAt) throw new AppError("conflict", "A disabled account cannot be an instance admin; enable it first");
    if (!isInstanceAdmin && (await tx.user.count({ where: { isInstanceAdmin: true } })) <= 1) {
      throw new AppError("conflict", "The last instance admin keeps the right; name another first");
    }
    await tx.user.update({ where: { id: user.id }, data: { isInstanceAdmin } });
    await recordAuditEvent(tx, {
      actor: authority.actor,
      action: isInstanceAdmin ? "user.instance_admin_grant" : "user.instance_admin_revoke",
      subjectType: "user",
      subjectId: user.id,
      details: { email: user.email },
    });
  });
}

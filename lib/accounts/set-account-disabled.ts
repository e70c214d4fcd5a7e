import { recordAuditEvent } from "../audit/record-audit-event";
import { bumpSessionVersion } from "../auth/session-version";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { assertInstanceAdmin, type AccountAuthority } from "./account-authority";
import { findAccount } from "./find-account";

/**
 * Disables an account (no sign-in in any project, its sessions end at once) or enables it again.
 * An instance admin's account is never disabled (take the right away first), so the install always
 * keeps someone who can undo it; nobody disables their own account.
 */
export async function setAccountDisabled(
  db: Db,
  { userId, email, isDisabled, authority }: { userId?: string; email?: string; isDisabled: boolean; authority: AccountAuthority },
) {
  await db.$transaction(async (tx) => {
    await assertInstanceAdmin(tx, authority);
    const user = await findAccount(tx, { userId, email });
    if (authority.actor.userId === user.id) throw new AppError("conflict", "You cannot disable your own account");
    if (isDisabled && user.isInstanceAdmin) throw new AppError("conflict", "An instance admin's account cannot be disabled; take the instance admin right away first");
    if (Boolean(user.disabledAt) === isDisabled) return;
    await tx.user.update({ where: { id: user.id }, data: { disabledAt: isDisabled ? new Date() : null } });
    if (isDisabled) await bumpSessionVersion(tx, user.id);
    await recordAuditEvent(tx, {
      actor: authority.actor,
      action: isDisabled ? "user.disable" : "user.enable",
      subjectType: "user",
      subjectId: user.id,
      details: { email: user.email },
    });
  });
}

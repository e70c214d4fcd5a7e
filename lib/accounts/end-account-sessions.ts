import { recordAuditEvent } from "../audit/record-audit-event";
import { bumpSessionVersion } from "../auth/session-version";
import type { Db } from "../db/client";
import { assertInstanceAdmin, type AccountAuthority } from "./account-authority";
import { findAccount } from "./find-account";

/** Ends every session of another account, in every project (a lost laptop); an instance admin's act. */
export async function endAccountSessions(db: Db, { userId, email, authority }: { userId?: string; email?: string; authority: AccountAuthority }) {
  await db.$transaction(async (tx) => {
    await assertInstanceAdmin(tx, authority);
    const user = await findAccount(tx, { userId, email });
    await bumpSessionVersion(tx, user.id);
    await recordAuditEvent(tx, { actor: authority.actor, action: "user.sessions_end", subjectType: "user", subjectId: user.id, details: { email: user.email } });
  });
}

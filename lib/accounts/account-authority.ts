import type { Actor } from "../audit/record-audit-event";
import type { Db, Tx } from "../db/client";
import { forbidden } from "../errors/app-error";

/**
 * Who may act on an account (disable it, reset its password, end its sessions everywhere, name an
 * instance admin): the operator at the shell (the CLI), or a signed-in instance admin. A project
 * admin's rights stop at the memberships of their project, since the account may be a member of
 * projects they have no rights in.
 */
export type AccountAuthority = { kind: "operator"; actor: Actor } | { kind: "user"; actor: Actor & { userId: string } };

export const operatorAuthority = (label: string): AccountAuthority => ({ kind: "operator", actor: { userId: null, label } });

/** A signed-in user acting on accounts; refused unless they are an instance admin. */
export const userAuthority = (actor: Actor & { userId: string }): AccountAuthority => ({ kind: "user", actor });

export async function assertInstanceAdmin(db: Db | Tx, authority: AccountAuthority): Promise<void> {
  if (authority.kind === "operator") return;
  const user = await db.user.findUnique({ where: { id: authority.actor.userId }, select: { isInstanceAdmin: true, disabledAt: true } });
  if (!user?.isInstanceAdmin || user.disabledAt) {
    throw forbidden("Accounts belong to the instance: only an instance admin can disable an account, reset its password or end its sessions");
  }
}

export async function isInstanceAdmin(db: Db, userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { isInstanceAdmin: true, disabledAt: true } });
  return Boolean(user?.isInstanceAdmin && !user.disabledAt);
}

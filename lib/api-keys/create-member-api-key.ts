import type { Actor } from "../audit/record-audit-event";
import { parseRole } from "../auth/roles";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { createApiKey } from "./create-api-key";

/**
 * A key made in a member's name (`api-key create --as EMAIL`): decisions and approvals through it
 * are that member's, with that member's role at the time of each request (resolve-api-reviewer.ts).
 */
export async function createMemberApiKey(db: Db, { projectId, email, name, actor }: { projectId: string; email: string; name: string; actor: Actor }) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true } });
  const member = user ? await db.member.findUnique({ where: { projectId_userId: { projectId, userId: user.id } }, select: { role: true } }) : null;
  if (!user || !member) throw new AppError("not_found", `${email} is not a member of this project; add them with "goodhart user create" first`);
  const created = await createApiKey(db, { projectId, name, actor: { userId: user.id, label: `${actor.label} as ${user.email}` } });
  return { ...created, actingAs: { email: user.email, role: parseRole(member.role) } };
}

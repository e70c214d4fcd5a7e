import "server-only";
import { forbidden, redirect } from "next/navigation";
import type { Actor } from "../audit/record-audit-event";
import { hasRole, type Role } from "../auth/roles";
import { getDb, type Db } from "../db/client";
import { findCurrentMembership, type Membership } from "../members/find-membership";
import { auth } from "./auth";
import { currentProjectSlug } from "./current-project";
import { signInRedirect } from "./sign-in-redirect";

export type PageContext = { db: Db; member: Membership; actor: Actor };

/** Every page calls this first: anonymous visitors go to /login, a role too low gets a 403 page. */
export async function requireMember(role: Role = "viewer"): Promise<PageContext> {
  const session = await auth();
  if (!session?.user?.id) redirect(await signInRedirect());
  const member = await findCurrentMembership(getDb(), { userId: session.user.id, preferredSlug: await currentProjectSlug() });
  if (!member) redirect("/login?error=not-a-member");
  if (!hasRole(member.role, role)) forbidden();
  return { db: getDb(), member, actor: { userId: member.userId, label: member.email } };
}

import { parseRole, type Role } from "../auth/roles";
import type { Db } from "../db/client";

export type Membership = { userId: string; email: string; projectId: string; projectSlug: string; role: Role };

/** The user's membership in a project, or null when they are not a member. */
export async function findMembership(db: Db, { userId, projectSlug }: { userId: string; projectSlug: string }): Promise<Membership | null> {
  const member = await db.member.findFirst({
    where: { userId, project: { slug: projectSlug } },
    include: { user: { select: { email: true } }, project: { select: { slug: true } } },
  });
  if (!member) return null;
  return { userId, email: member.user.email, projectId: member.projectId, projectSlug: member.project.slug, role: parseRole(member.role) };
}

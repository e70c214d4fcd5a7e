import { parseRole, type Role } from "../auth/roles";
import type { Db } from "../db/client";

export type Membership = { userId: string; email: string; projectId: string; projectSlug: string; role: Role };

const include = { user: { select: { email: true } }, project: { select: { slug: true } } } as const;

/** The user's membership in a project, or null when they are not a member. */
export async function findMembership(db: Db, { userId, projectSlug }: { userId: string; projectSlug: string }): Promise<Membership | null> {
  const member = await db.member.findFirst({ where: { userId, project: { slug: projectSlug } }, include });
  if (!member) return null;
  return { userId, email: member.user.email, projectId: member.projectId, projectSlug: member.project.slug, role: parseRole(member.role) };
}

/**
 * The membership a signed-in user works in: the chosen project when they are a member of it,
 * otherwise their oldest membership (so a user of one other project is never stuck); null when
 * they belong to no project.
 */
export async function findCurrentMembership(db: Db, { userId, preferredSlug }: { userId: string; preferredSlug: string }): Promise<Membership | null> {
  const preferred = await findMembership(db, { userId, projectSlug: preferredSlug });
  if (preferred) return preferred;
  const first = await db.member.findFirst({ where: { userId }, include, orderBy: { createdAt: "asc" } });
  if (!first) return null;
  return { userId, email: first.user.email, projectId: first.projectId, projectSlug: first.project.slug, role: parseRole(first.role) };
}

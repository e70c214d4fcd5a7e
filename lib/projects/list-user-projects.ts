import type { Db } from "../db/client";

/** The projects a user is a member of, for the project switcher. */
export async function listUserProjects(db: Db, userId: string) {
  const members = await db.member.findMany({ where: { userId }, include: { project: { select: { slug: true, name: true } } }, orderBy: { createdAt: "asc" } });
  return members.map((m) => ({ slug: m.project.slug, name: m.project.name, role: m.role }));
}

import type { Db } from "../db/client";

export async function listMembers(db: Db, projectId: string) {
  const members = await db.member.findMany({
    where: { projectId },
    include: { user: { select: { id: true, email: true, name: true, disabledAt: true, isInstanceAdmin: true } } },
    orderBy: { createdAt: "asc" },
  });
  return members.map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role, isDisabled: Boolean(m.user.disabledAt), isInstanceAdmin: m.user.isInstanceAdmin, since: m.createdAt }));
}

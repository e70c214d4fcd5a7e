import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Role } from "../auth/roles";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/** Changes a member's role; the last admin of a project cannot be demoted (nobody could undo it). */
export async function setMemberRole(db: Db, { projectId, userId, role, actor }: { projectId: string; userId: string; role: Role; actor: Actor }) {
  return db.$transaction(async (tx) => {
    const member = await tx.member.findUnique({ where: { projectId_userId: { projectId, userId } } });
    if (!member) throw notFound("Member");
    if (member.role === role) return member;
    if (member.role === "admin") {
      const admins = await tx.member.count({ where: { projectId, role: "admin" } });
      if (admins <= 1) throw new AppError("conflict", "The project's last admin cannot be given another role");
    }
    const updated = await tx.member.update({ where: { id: member.id }, data: { role } });
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: "member.role_change",
      subjectType: "user",
      subjectId: userId,
      details: { from: member.role, to: role },
    });
    return updated;
  });
}

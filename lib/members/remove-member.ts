import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import { bumpSessionVersion } from "../auth/session-version";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/** Removes a member from the project and ends their sessions; the last admin stays (nobody could add one back). */
export async function removeMember(db: Db, { projectId, userId, actor }: { projectId: string; userId: string; actor: Actor }) {
  await db.$transaction(async (tx) => {
    const member = await tx.member.findUnique({ where: { projectId_userId: { projectId, userId } }, include: { user: { select: { email: true } } } });
    if (!member) throw notFound("Member");
    if (member.role === "admin" && (await tx.member.count({ where: { projectId, role: "admin" } })) <= 1) {
      throw new AppError("conflict", "The project's last admin cannot be removed");
    }
    await tx.member.delete({ where: { id: member.id } });
    await bumpSessionVersion(tx, userId);
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: "member.remove",
      subjectType: "user",
      subjectId: userId,
      details: { email: member.user.email, role: member.role },
    });
  });
}

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/**
 * Removes a member from the project; the last admin stays (nobody could add one back). Only what the
 * membership gave ends: every request checks the membership, so the next one in this project is
 * refused, while the account's sessions in its other projects go on (ending those is an instance
 * admin's act, lib/accounts).
 */
export async function removeMember(db: Db, { projectId, userId, actor }: { projectId: string; userId: string; actor: Actor }) {
  await db.$transaction(async (tx) => {
    const member = await tx.member.findUnique({ where: { projectId_userId: { projectId, userId } }, include: { user: { select: { email: true } } } });
    if (!member) throw notFound("Member");
    if (member.role === "admin" && (await tx.member.count({ where: { projectId, role: "admin" } })) <= 1) {
      throw new AppError("conflict", "The project's last admin cannot be removed");
    }
    await tx.member.delete({ where: { id: member.id } });
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

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import { bumpSessionVersion } from "../auth/session-version";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/**
 * Disables a member's account (no sign-in, sessions end at once) or enables it again. A project
 * admin acts only on members of their project, never on themselves.
 */
export async function setUserDisabled(
  db: Db,
  { projectId, userId, isDisabled, actor }: { projectId: string; userId: string; isDisabled: boolean; actor: Actor },
) {
  if (actor.userId === userId) throw new AppError("conflict", "You cannot disable your own account");
  await db.$transaction(async (tx) => {
    const member = await tx.member.findUnique({
      where: { projectId_userId: { projectId, userId } },
      include: { user: { select: { email: true, disabledAt: true } } },
    });
    if (!member) throw notFound("Member");
    if (Boolean(member.user.disabledAt) === isDisabled) return;
    await tx.user.update({ where: { id: userId }, data: { disabledAt: isDisabled ? new Date() : null } });
    if (isDisabled) await bumpSessionVersion(tx, userId);
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: isDisabled ? "user.disable" : "user.enable",
      subjectType: "user",
      subjectId: userId,
      details: { email: member.user.email },
    });
  });
}

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import { hasRole, parseRole } from "../auth/roles";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/** Assigns cases to a member with the reviewer role or above, or unassigns them (assigneeId null). */
export async function assignEdgeCases(db: Db, { projectId, ids, assigneeId, actor }: { projectId: string; ids: string[]; assigneeId: string | null; actor: Actor }) {
  if (assigneeId) {
    const member = await db.member.findUnique({ where: { projectId_userId: { projectId, userId: assigneeId } } });
    if (!member) throw new AppError("bad_request", "The assignee is not a member of this project");
    if (!hasRole(parseRole(member.role), "reviewer")) throw new AppError("bad_request", `Cases go to reviewers or admins; this member is a ${member.role}`);
  }
  const found = await db.edgeCase.count({ where: { projectId, id: { in: ids } } });
  if (found !== new Set(ids).size) throw notFound("Edge case");
  await db.$transaction(async (tx) => {
    await tx.edgeCase.updateMany({ where: { projectId, id: { in: ids } }, data: { assigneeId } });
    await recordAuditEvent(tx, { projectId, actor, action: "edge_case.assigned", subjectType: "edge_case", subjectId: ids.length === 1 ? ids[0] : null, details: { ids, assigneeId } });
  });
  return { assigned: ids.length, assigneeId };
}

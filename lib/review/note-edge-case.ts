import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

/** A reviewer's note on a case, open or decided; the labels the case wrote carry it too. */
export async function noteEdgeCase(db: Db, { projectId, id, note, actor }: { projectId: string; id: string; note: string; actor: Actor }) {
  const edgeCase = await db.edgeCase.findFirst({ where: { id, projectId }, select: { id: true } });
  if (!edgeCase) throw notFound("Edge case");
  return await db.$transaction(async (tx) => {
    const updated = await tx.edgeCase.update({ where: { id }, data: { note: note || null } });
    await tx.humanLabel.updateMany({ where: { edgeCaseId: id }, data: { note: note || null } });
    await recordAuditEvent(tx, { projectId, actor, action: "edge_case.noted", subjectType: "edge_case", subjectId: id, details: { note } });
    return { id: updated.id, note: updated.note };
  });
}

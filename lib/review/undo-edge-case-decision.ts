import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import type { UndoneDecision } from "./edge-case-decision-answer-schemas";
import { syncOpenEdgeCases } from "./sync-open-edge-cases";

/** How long a decision can be taken back: after a day, labels and hacks have been built on. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

export type UndoInput = { projectId: string; id: string; reviewer: Actor & { userId: string }; now?: Date };
export type { UndoneDecision };

/**
 * Takes a decision back within a day of it: the case reopens, the HumanLabels the decision wrote
 * are deleted, and the KnownHack it proposed is deleted while still proposed (one a reviewer has
 * already approved or rejected is kept and named in the audit). The decision's audit event stays;
 * an "edge_case.decision_undone" event is added beside it.
 */
export async function undoEdgeCaseDecision(db: Db, { projectId, id, reviewer, now = new Date() }: UndoInput): Promise<UndoneDecision> {
  const edgeCase = await db.edgeCase.findFirst({ where: { projectId, id }, include: { examples: { select: { traceId: true } } } });
  if (!edgeCase) throw notFound("Edge case");
  if (edgeCase.status !== "decided" || !edgeCase.decision || !edgeCase.decidedAt) throw new AppError("conflict", `Edge case ${id} is not decided: there is nothing to undo`);
  const age = now.getTime() - edgeCase.decidedAt.getTime();
  if (age > UNDO_WINDOW_MS) {
    throw new AppError("conflict", `The decision "${edgeCase.decision}" on edge case ${id} was made at ${edgeCase.decidedAt.toISOString()}; a decision can be undone only within 24 hours of it`, [
      { decidedAt: edgeCase.decidedAt.toISOString(), undoableUntil: new Date(edgeCase.decidedAt.getTime() + UNDO_WINDOW_MS).toISOString() },
    ]);
  }
  const { decision, decidedAt, decidedById } = edgeCase;
  const traceIds = edgeCase.examples.map((e) => e.traceId);
  return await db.$transaction(async (tx) => {
    // Compare-and-swap on the decision itself: an undo racing another undo or a re-decision gets a conflict.
    const { count } = await tx.edgeCase.updateMany({ where: { id, status: "decided", decidedAt }, data: { status: "open", decision: null, decidedById: null, decidedAt: null } });
    if (!count) throw new AppError("conflict", `Edge case ${id} changed meanwhile; reload it`);
    const labels = await tx.humanLabel.deleteMany({ where: { projectId, edgeCaseId: id } });
    const hacks = await tx.knownHack.findMany({ where: { projectId, edgeCaseId: id }, select: { id: true, status: true } });
    const withdrawn = hacks.find((h) => h.status === "proposed") ?? null;
    const kept = hacks.find((h) => h.status !== "proposed") ?? null;
    if (withdrawn) await tx.knownHack.delete({ where: { id: withdrawn.id } });
    await recordAuditEvent(tx, {
      projectId,
      actor: reviewer,
      action: "edge_case.decision_undone",
      subjectType: "edge_case",
      subjectId: id,
      details: { decision, decidedAt: decidedAt.toISOString(), decidedById, title: edgeCase.title, humanLabelsWithdrawn: labels.count, knownHackWithdrawn: withdrawn?.id ?? null, knownHackKept: kept ? { id: kept.id, status: kept.status } : null },
    });
    await syncOpenEdgeCases(tx, traceIds);
    return { id, decision, labelsWithdrawn: labels.count, knownHackWithdrawn: withdrawn?.id ?? null, knownHackKept: kept?.id ?? null };
  });
}

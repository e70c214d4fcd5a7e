import { recordAuditEvent, systemActor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";

/**
 * An open monitor case whose evidence later data no longer supports: closed as "withdrawn" with
 * the reason in its evidence and an audit event, never deleted. A case a reviewer has decided
 * keeps its decision; the reason is still written into its evidence for whoever reads it.
 */
export async function withdrawRunCase(db: Db, { projectId, groupKey, reason, numbers }: { projectId: string; groupKey: string; reason: string; numbers: Record<string, unknown> }): Promise<{ id: string } | null> {
  // Most pairs of most runs never had a case: one read says so, without a transaction's round trips.
  const found = await db.edgeCase.findUnique({ where: { projectId_groupKey: { projectId, groupKey } }, select: { status: true } });
  if (!found || found.status === "withdrawn") return null;
  return await retryOnBusy(() =>
    db.$transaction(async (tx) => {
      const existing = await tx.edgeCase.findUnique({ where: { projectId_groupKey: { projectId, groupKey } }, select: { id: true, status: true, evidence: true } });
      if (!existing || existing.status === "withdrawn") return null;
      const evidence = { ...((existing.evidence ?? {}) as Record<string, unknown>), noLongerSupported: { reason, at: new Date().toISOString(), ...numbers } };
      const isOpen = existing.status === "open";
      // Only an open case changes status, and only if nobody decided it meanwhile.
      const { count } = await tx.edgeCase.updateMany({ where: { id: existing.id, status: existing.status }, data: isOpen ? { status: "withdrawn", evidence } : { evidence } });
      if (!count) return null;
      await recordAuditEvent(tx, { projectId, actor: systemActor, action: isOpen ? "edge_case.withdrawn" : "edge_case.no_longer_supported", subjectType: "edge_case", subjectId: existing.id, details: { reason, ...numbers } });
      return { id: existing.id };
    }),
  );
}

import { recordAuditEvent, systemActor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { syncOpenEdgeCases } from "../review/sync-open-edge-cases";

export type RunCase = {
  projectId: string;
  runId: string;
  environment: string | null;
  rule: "metric_divergence" | "held_out_gap" | "behaviour_drift";
  groupKey: string;
  title: string;
  explanation: string;
  priority: number;
  count: number;
  evidence: object;
  /** Rollouts that show it; kept when the case is updated, new ones added. */
  examples: { traceId: string; detail: object }[];
};

/**
 * One case per run and subject (a metric pair, or the run's behaviour): created the first time,
 * and afterwards its numbers, explanation and examples are brought up to date as points arrive.
 * A decided case keeps its decision; its evidence still follows the run. A case the monitor had
 * withdrawn (later data no longer supported it) is reopened, with an audit event, when it fires again.
 */
export async function openRunCase(db: Db, c: RunCase): Promise<{ id: string; isNew: boolean }> {
  const outcome = await retryOnBusy(() =>
    db.$transaction(async (tx) => {
      const existing = await tx.edgeCase.findUnique({ where: { projectId_groupKey: { projectId: c.projectId, groupKey: c.groupKey } }, include: { examples: { select: { traceId: true } } } });
      const fields = { title: c.title, explanation: c.explanation, priority: c.priority, count: c.count, evidence: { ...c.evidence, runId: c.runId } };
      const isReopened = existing?.status === "withdrawn";
      if (isReopened) await recordAuditEvent(tx, { projectId: c.projectId, actor: systemActor, action: "edge_case.reopened", subjectType: "edge_case", subjectId: existing!.id, details: { reason: "the monitor fires on this pair again" } });
      const row = existing
        ? await tx.edgeCase.update({ where: { id: existing.id }, data: isReopened ? { ...fields, status: "open" } : fields })
        : await tx.edgeCase.create({
            data: { ...fields, projectId: c.projectId, kind: "metric_divergence", rule: c.rule, environment: c.environment, groupKey: c.groupKey, subjectType: "run", subjectId: c.runId },
          });
      const known = new Set(existing?.examples.map((e) => e.traceId) ?? []);
      const fresh = c.examples.filter((e) => !known.has(e.traceId));
      if (fresh.length) await tx.edgeCaseExample.createMany({ data: fresh.map((e) => ({ edgeCaseId: row.id, traceId: e.traceId, detail: e.detail })) });
      return { id: row.id, isNew: !existing, added: fresh.map((e) => e.traceId) };
    }),
  );
  await syncOpenEdgeCases(db, outcome.added);
  return { id: outcome.id, isNew: outcome.isNew };
}

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { proposeKnownHack } from "../hacks/propose-known-hack";
import { emitPipelineEvent } from "../jobs/pipeline-event";
import type { JudgeLabel } from "../judges/consensus";
import type { DecidedCase } from "./edge-case-decision-answer-schemas";
import type { EdgeCaseDecision } from "./edge-case-schemas";
import { hackProposalForCase } from "./hack-proposal-for-case";
import { decisionWritesLabels } from "./decision-writes-labels";
import { labelForDecision } from "./label-for-decision";
import { splitExplanation } from "../words/glossary";
import { syncOpenEdgeCases } from "./sync-open-edge-cases";

export type DecideInput = {
  projectId: string;
  ids: string[];
  decision: EdgeCaseDecision;
  note?: string;
  reviewer: Actor & { userId: string };
  /** Where the caller sent the id at `index`, for a 404's details: the body's `ids.N` unless the URL named it. */
  pathOf?: (index: number) => string;
};
export type { DecidedCase };

/**
 * Closes open cases with one decision: the case leaves the open queue, each example trace gets
 * the reviewer's HumanLabel (replacing their earlier one), confirming a hack proposes a KnownHack
 * with the examples, and an AuditEvent records it. All cases are checked before any is decided.
 */
export async function decideEdgeCases(db: Db, { projectId, ids, decision, note, reviewer, pathOf = (index) => `ids.${index}` }: DecideInput): Promise<DecidedCase[]> {
  const cases = await db.edgeCase.findMany({ where: { projectId, id: { in: ids } }, include: { examples: { select: { traceId: true } } } });
  // Which position, never which id: an error must not repeat an id that may be another project's.
  const missing = ids.flatMap((id, index) => (cases.some((c) => c.id === id) ? [] : [{ path: pathOf(index), message: "no such edge case in this project" }]));
  if (missing.length) throw new AppError("not_found", "Edge case not found", missing);
  const closed = cases.filter((c) => c.status !== "open");
  if (closed.length) throw new AppError("conflict", `Already decided: ${closed.map((c) => c.id).join(", ")}`, closed.map((c) => ({ id: c.id, decision: c.decision })));
  const decided: DecidedCase[] = [];
  for (const edgeCase of cases) {
    const traceIds = edgeCase.examples.map((e) => e.traceId);
    const verdicts = await db.verdict.findMany({ where: { traceId: { in: traceIds }, error: null }, select: { traceId: true, label: true, score: true, judgeVersion: { select: { judgeId: true } } } });
    const subjectJudgeId = edgeCase.subjectType === "judge" ? edgeCase.subjectId : null;
    const isLabelling = decisionWritesLabels({ subjectType: edgeCase.subjectType, decision });
    const labels = (isLabelling ? traceIds : []).map((traceId) => ({
      projectId,
      traceId,
      userId: reviewer.userId,
      edgeCaseId: edgeCase.id,
      note: note || null,
      label: labelForDecision({
        decision,
        subjectJudgeId,
        votes: verdicts.filter((v) => v.traceId === traceId).map((v) => ({ judgeId: v.judgeVersion.judgeId, label: v.label as JudgeLabel, score: v.score })),
      }),
    }));
    const proposal = decision === "confirm_hack" ? await hackProposalForCase(db, projectId, edgeCase) : null;
    const proposed = await db.$transaction(async (tx) => {
      // Compare-and-swap on the status: two reviewers deciding at once, the second gets a conflict.
      const { count } = await tx.edgeCase.updateMany({
        where: { id: edgeCase.id, status: "open" },
        data: { status: "decided", decision, decidedById: reviewer.userId, decidedAt: new Date(), note: note || edgeCase.note },
      });
      if (!count) throw new AppError("conflict", `Edge case ${edgeCase.id} was decided by someone else meanwhile`);
      if (isLabelling) {
        await tx.humanLabel.deleteMany({ where: { userId: reviewer.userId, traceId: { in: traceIds } } });
        await tx.humanLabel.createMany({ data: labels });
      }
      const hack = proposal
        ? await proposeKnownHack(tx, { projectId, environment: edgeCase.environment, name: proposal.name, description: splitExplanation(edgeCase.explanation).plain || edgeCase.explanation, recognition: proposal.recognition, proposedItem: proposal.proposedItem, exampleTraceIds: traceIds, edgeCaseId: edgeCase.id, actor: reviewer })
        : null;
      await recordAuditEvent(tx, {
        projectId,
        actor: reviewer,
        action: "edge_case.decided",
        subjectType: "edge_case",
        subjectId: edgeCase.id,
        details: { decision, note: note || null, title: edgeCase.title, examples: traceIds.length, humanLabels: labels.length, knownHackId: hack?.hack.id ?? null },
      });
      await syncOpenEdgeCases(tx, traceIds);
      return hack ? { id: hack.hack.id, isNew: hack.created } : null;
    });
    const knownHackId = proposed?.id ?? null;
    // The check of a newly proposed hack is induced by a follow-up job (workers/follow-ups.ts), not in this request.
    if (proposed?.isNew && proposal?.isInducing) await emitPipelineEvent(db, { event: "known_hack.confirmed", projectId, subjectId: proposed.id });
    decided.push({ id: edgeCase.id, decision, labels: labels.length, knownHackId });
  }
  return decided;
}

import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { findOrCreateDraft } from "./find-or-create-draft";
import { rubricItemSchema, type RubricCheckInput } from "../checks/rubric-item-schema";
import { assertDraft } from "./assert-draft";
import { rubricItemRow } from "./rubric-item-row";

type CandidateRef = { projectId: string; candidateId: string; actor: Actor };

/**
 * Accepts a candidate (as extracted or as the reviewer edited it) into its environment's draft,
 * with provenance pointing back at the candidate, its count and its example traces.
 */
export async function acceptRubricCandidate(
  db: Db,
  { projectId, candidateId, actor, edits = {} }: CandidateRef & { edits?: { question?: string; polarity?: "good" | "hack"; weight?: number; check?: RubricCheckInput } },
) {
  return db.$transaction(async (tx) => {
    const candidate = await tx.rubricCandidate.findFirst({ where: { id: candidateId, projectId } });
    if (!candidate) throw notFound("Rubric candidate");
    if (candidate.status !== "candidate") throw new AppError("conflict", `This candidate is already ${candidate.status}`);
    const { draft } = await findOrCreateDraft(tx, { projectId, environment: candidate.environment, actor });
    await assertDraft(tx, { projectId, rubricVersionId: draft.id });
    const question = edits.question?.trim() || candidate.question;
    const taken = new Set((await tx.rubricItem.findMany({ where: { rubricVersionId: draft.id }, select: { key: true } })).map((row) => row.key));
    const base = `extracted_${candidate.clusterKey.slice(0, 8)}`;
    let key = base;
    for (let n = 2; taken.has(key); n += 1) key = `${base}_${n}`;
    const item = rubricItemSchema.parse({
      key,
      question,
      polarity: edits.polarity ?? candidate.polarity,
      weight: edits.weight ?? 1,
      check: edits.check ?? { kind: "llm", prompt: question },
    });
    const last = await tx.rubricItem.findFirst({ where: { rubricVersionId: draft.id }, orderBy: { position: "desc" }, select: { position: true } });
    const created = await tx.rubricItem.create({
      data: {
        rubricVersionId: draft.id,
        ...rubricItemRow(item),
        position: (last?.position ?? -1) + 1,
        provenance: { source: "extraction", candidateId, count: candidate.count, exampleTraceIds: candidate.exampleTraceIds, issues: candidate.issues },
      },
    });
    await tx.rubricCandidate.update({ where: { id: candidateId }, data: { status: "accepted", rubricItemId: created.id } });
    await recordAuditEvent(tx, { projectId, actor, action: "rubric_candidate.accepted", subjectType: "rubric_candidate", subjectId: candidateId, details: { rubricVersionId: draft.id, rubricItemId: created.id } });
    return { rubricVersionId: draft.id, rubricItemId: created.id };
  });
}

export async function dropRubricCandidate(db: Db, { projectId, candidateId, actor }: CandidateRef) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.rubricCandidate.updateMany({ where: { id: candidateId, projectId, status: "candidate" }, data: { status: "dropped" } });
    if (count === 0) throw new AppError("conflict", "This candidate is gone or already decided");
    await recordAuditEvent(tx, { projectId, actor, action: "rubric_candidate.dropped", subjectType: "rubric_candidate", subjectId: candidateId });
  });
}

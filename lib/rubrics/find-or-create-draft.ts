import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors/app-error";

/**
 * The rubric's open draft, or a new one copied item by item from an approved version (`fromId`,
 * by default the latest; it becomes basedOnId), or an empty v1 for a rubric without versions.
 * One draft per rubric at a time. Call inside a transaction; creates the environment's rubric
 * when it has none.
 */
export async function findOrCreateDraft(tx: Tx, { projectId, environment, actor, fromId }: { projectId: string; environment: string; actor: Actor; fromId?: string }) {
  const rubric =
    (await tx.rubric.findUnique({ where: { projectId_environment: { projectId, environment } } })) ??
    (await tx.rubric.create({ data: { projectId, environment, name: environment } }));
  const draft = await tx.rubricVersion.findFirst({ where: { rubricId: rubric.id, status: "draft" }, orderBy: { version: "desc" } });
  if (draft) return { rubric, draft, isNew: false };
  const [latest, approved] = await Promise.all([
    tx.rubricVersion.findFirst({ where: { rubricId: rubric.id }, orderBy: { version: "desc" }, select: { version: true } }),
    tx.rubricVersion.findFirst({ where: { rubricId: rubric.id, status: "approved", ...(fromId ? { id: fromId } : {}) }, orderBy: { version: "desc" }, include: { items: { orderBy: { position: "asc" } } } }),
  ]);
  const created = await tx.rubricVersion.create({
    data: { rubricId: rubric.id, version: (latest?.version ?? 0) + 1, status: "draft", basedOnId: approved?.id ?? null, createdById: actor.userId ?? null },
  });
  if (approved?.items.length) {
    await tx.rubricItem.createMany({
      data: approved.items.map((item) => ({
        rubricVersionId: created.id,
        key: item.key,
        question: item.question,
        polarity: item.polarity,
        weight: item.weight,
        checkKind: item.checkKind,
        check: item.check as object,
        provenance: (item.provenance ?? undefined) as object | undefined,
        position: item.position,
        knownHackId: item.knownHackId,
      })),
    });
  }
  await recordAuditEvent(tx, {
    projectId,
    actor,
    action: "rubric_version.draft_created",
    subjectType: "rubric_version",
    subjectId: created.id,
    details: { environment, version: created.version, basedOnId: approved?.id ?? null },
  });
  return { rubric, draft: created, isNew: true };
}

/** The editor's "New draft": the open draft or a fresh copy of the latest approved version. */
export async function startRubricDraft(db: Db, input: { projectId: string; environment: string; actor: Actor }) {
  return db.$transaction((tx) => findOrCreateDraft(tx, input));
}

/**
 * "New draft from this version": a draft copied from the given approved version, or the
 * rubric's open draft when it has one (`isNew` false: the caller says so, nothing was copied).
 */
export async function startDraftFromVersion(db: Db, { projectId, rubricVersionId, actor }: { projectId: string; rubricVersionId: string; actor: Actor }) {
  return db.$transaction(async (tx) => {
    const version = await tx.rubricVersion.findFirst({ where: { id: rubricVersionId, rubric: { projectId } }, select: { status: true, rubric: { select: { environment: true } } } });
    if (!version) throw notFound("Rubric version");
    if (version.status !== "approved") throw new AppError("conflict", "Only an approved version is copied into a new draft; this one is itself a draft");
    return findOrCreateDraft(tx, { projectId, environment: version.rubric.environment, actor, fromId: rubricVersionId });
  });
}

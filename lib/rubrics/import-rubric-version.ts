import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import type { RubricVersionImport } from "./rubric-version-schemas";
import { rubricItemRow } from "./rubric-item-row";

/**
 * An exported version (validated by rubricVersionImportSchema) becomes a new draft of its
 * environment's rubric, item for item, based on the rubric's latest approved version so the
 * diff shows what the import changes. Refused rather than merged: when the rubric has an open
 * draft (one draft per rubric), or when its hack mode differs from the approved versions' (it is
 * part of what they mean). An item's known hack is linked only when it is one of this project's;
 * the source's ids stay in the item's provenance either way.
 */
export async function importRubricVersion(db: Db, { projectId, exported, actor }: { projectId: string; exported: RubricVersionImport; actor: Actor }) {
  const { environment } = exported;
  if (exported.items.length === 0) throw new AppError("bad_request", "The exported version has no items", [{ path: "items", message: "empty" }]);
  return db.$transaction(async (tx) => {
    const rubric =
      (await tx.rubric.findUnique({ where: { projectId_environment: { projectId, environment } } })) ??
      (await tx.rubric.create({ data: { projectId, environment, name: exported.rubric ?? environment, hackMode: exported.hackMode } }));
    const [draft, latest, approved] = await Promise.all([
      tx.rubricVersion.findFirst({ where: { rubricId: rubric.id, status: "draft" }, select: { id: true, version: true } }),
      tx.rubricVersion.findFirst({ where: { rubricId: rubric.id }, orderBy: { version: "desc" }, select: { version: true } }),
      tx.rubricVersion.findFirst({ where: { rubricId: rubric.id, status: "approved" }, orderBy: { version: "desc" }, select: { id: true } }),
    ]);
    if (draft) throw new AppError("conflict", `The ${environment} rubric has an open draft v${draft.version} (${draft.id}); approve or edit that draft instead of importing another`);
    if (rubric.hackMode !== exported.hackMode) {
      if (approved)
        throw new AppError("conflict", `The ${environment} rubric scores hacks with hackMode "${rubric.hackMode}" in its approved versions; the import says "${exported.hackMode}"`, [
          { path: "hackMode", message: `must be ${rubric.hackMode}` },
        ]);
      await tx.rubric.update({ where: { id: rubric.id }, data: { hackMode: exported.hackMode } });
    }
    const hackIds = exported.items.flatMap((item) => (item.knownHackId ? [item.knownHackId] : []));
    const ownHacks = new Set((await tx.knownHack.findMany({ where: { projectId, id: { in: hackIds } }, select: { id: true } })).map((hack) => hack.id));
    const created = await tx.rubricVersion.create({
      data: { rubricId: rubric.id, version: (latest?.version ?? 0) + 1, status: "draft", basedOnId: approved?.id ?? null, createdById: actor.userId ?? null, note: exported.note ?? null },
    });
    const importedFrom = { rubricVersionId: exported.id ?? null, environment, version: exported.version ?? null };
    await tx.rubricItem.createMany({
      data: exported.items.map((item, position) => ({
        rubricVersionId: created.id,
        ...rubricItemRow(item),
        position,
        knownHackId: item.knownHackId && ownHacks.has(item.knownHackId) ? item.knownHackId : null,
        provenance: { ...(item.provenance ?? {}), importedFrom: { ...importedFrom, knownHackId: item.knownHackId ?? null } },
      })),
    });
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: "rubric_version.imported",
      subjectType: "rubric_version",
      subjectId: created.id,
      details: { environment, version: created.version, items: exported.items.length, importedFrom },
    });
    return created;
  });
}

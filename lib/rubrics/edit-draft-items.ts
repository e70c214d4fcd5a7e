import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { assertDraft } from "./assert-draft";
import { moveItem } from "./move-item";
import { rubricItemSchema, type RubricItemInput } from "../checks/rubric-item-schema";

type DraftRef = { projectId: string; rubricVersionId: string };

/** Adds an item to a draft (at the end) or, with `itemId`, replaces that item's fields. */
export async function saveDraftItem(
  db: Db,
  { projectId, rubricVersionId, itemId, item, provenance, knownHackId }: DraftRef & { itemId?: string; item: RubricItemInput; provenance?: Record<string, unknown>; knownHackId?: string | null },
) {
  const parsed = rubricItemSchema.parse(item);
  return db.$transaction(async (tx) => {
    await assertDraft(tx, { projectId, rubricVersionId });
    const clash = await tx.rubricItem.findUnique({ where: { rubricVersionId_key: { rubricVersionId, key: parsed.key } }, select: { id: true } });
    if (clash && clash.id !== itemId) throw new AppError("conflict", `This draft already has an item "${parsed.key}"`, [{ path: "key", message: "duplicate key" }]);
    const fields = { key: parsed.key, question: parsed.question, polarity: parsed.polarity, weight: parsed.weight, checkKind: parsed.check.kind, check: parsed.check as object };
    if (itemId) {
      const updated = await tx.rubricItem.updateMany({ where: { id: itemId, rubricVersionId }, data: fields });
      if (updated.count === 0) throw notFound("Rubric item");
      return tx.rubricItem.findUniqueOrThrow({ where: { id: itemId } });
    }
    const last = await tx.rubricItem.findFirst({ where: { rubricVersionId }, orderBy: { position: "desc" }, select: { position: true } });
    return tx.rubricItem.create({
      data: { rubricVersionId, ...fields, position: (last?.position ?? -1) + 1, provenance: provenance as object | undefined, knownHackId: knownHackId ?? null },
    });
  });
}

/**
 * Deletes a draft's item and the results a lab run on the draft stored for it (ItemResult has no
 * foreign key to cascade them). The item goes first: its row lock waits for a writer that holds the
 * item (lib/lab/lab-run-job.ts), so the results' delete then sees every result stored for it.
 */
export async function deleteDraftItem(db: Db, { projectId, rubricVersionId, itemId }: DraftRef & { itemId: string }) {
  await db.$transaction(async (tx) => {
    await assertDraft(tx, { projectId, rubricVersionId });
    const deleted = await tx.rubricItem.deleteMany({ where: { id: itemId, rubricVersionId } });
    if (deleted.count === 0) throw notFound("Rubric item");
    await tx.itemResult.deleteMany({ where: { rubricItemId: itemId } });
  });
}

/** Puts the draft's items in the order of `itemIds` (which must name each item once). */
export async function reorderDraftItems(db: Db, { projectId, rubricVersionId, itemIds }: DraftRef & { itemIds: string[] }) {
  await db.$transaction(async (tx) => {
    await assertDraft(tx, { projectId, rubricVersionId });
    const items = await tx.rubricItem.findMany({ where: { rubricVersionId }, select: { id: true } });
    const known = new Set(items.map((item) => item.id));
    if (itemIds.length !== known.size || new Set(itemIds).size !== known.size || itemIds.some((id) => !known.has(id)))
      throw new AppError("bad_request", "Reorder needs every item of the draft exactly once", [{ path: "itemIds", message: `expected ${known.size} item ids` }]);
    for (const [position, id] of itemIds.entries()) await tx.rubricItem.update({ where: { id }, data: { position } });
  });
}

/** Moves one item up or down by one place. */
export async function moveDraftItem(db: Db, { projectId, rubricVersionId, itemId, direction }: DraftRef & { itemId: string; direction: "up" | "down" }) {
  const items = await db.rubricItem.findMany({ where: { rubricVersionId, rubricVersion: { rubric: { projectId } } }, orderBy: { position: "asc" }, select: { id: true } });
  const ids = items.map((item) => item.id);
  const at = ids.indexOf(itemId);
  if (at < 0) throw notFound("Rubric item");
  await reorderDraftItems(db, { projectId, rubricVersionId, itemIds: moveItem(ids, at, direction === "up" ? at - 1 : at + 1) });
}

export async function setRubricHackMode(db: Db, { projectId, rubricVersionId, hackMode }: DraftRef & { hackMode: "zero" | "subtract" }) {
  await db.$transaction(async (tx) => {
    const version = await assertDraft(tx, { projectId, rubricVersionId });
    // hackMode lives on the rubric, so it can change only while no approved version would change meaning.
    const approved = await tx.rubricVersion.count({ where: { rubricId: version.rubricId, status: "approved" } });
    if (approved > 0 && version.rubric.hackMode !== hackMode)
      throw new AppError("conflict", "This rubric has approved versions; its hack mode is part of what they mean and cannot change");
    await tx.rubric.update({ where: { id: version.rubricId }, data: { hackMode } });
  });
}

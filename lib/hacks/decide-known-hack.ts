import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { findOrCreateDraft } from "../rubrics/find-or-create-draft";
import { pendingInductionOf } from "./pending-induction";
import { rubricItemSchema, type RubricItem } from "../checks/rubric-item-schema";

type Decision = { projectId: string; knownHackId: string; actor: Actor; note?: string | null };

/**
 * Approves a proposed hack and, in the same transaction, adds its hack-check item to its
 * environment's next rubric draft (made from the latest approved version when there is none),
 * linked both ways through RubricItem.knownHackId. The draft then needs a reviewer's approval.
 */
export async function approveKnownHack(db: Db, { projectId, knownHackId, actor, note }: Decision) {
  return db.$transaction(async (tx) => {
    const hack = await loadProposed(tx, projectId, knownHackId);
    const pending = pendingInductionOf(hack.proposedItem);
    if (pending?.status === "measuring") throw new AppError("conflict", "The hack's check is still being induced and measured (job hacks.induce); approve it once /hacks shows its figures");
    if (!hack.environment) throw new AppError("bad_request", "Give the hack an environment first: its item goes into that environment's rubric");
    const parsed = rubricItemSchema.safeParse(hack.proposedItem ?? {});
    if (!parsed.success) throw new AppError("bad_request", "The hack has no valid hack-check item to add; edit its proposed item first", parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    if (parsed.data.polarity !== "hack") throw new AppError("bad_request", "A known hack's item must have polarity hack");
    await markDecided(tx, { hackId: hack.id, status: "approved", actor, note });
    const { draft } = await findOrCreateDraft(tx, { projectId, environment: hack.environment, actor });
    const item = await addHackItem(tx, { rubricVersionId: draft.id, item: parsed.data, knownHackId: hack.id });
    await recordAuditEvent(tx, {
      projectId,
      actor,
      action: "known_hack.approved",
      subjectType: "known_hack",
      subjectId: hack.id,
      details: { name: hack.name, note: note ?? null, rubricVersionId: draft.id, rubricItemId: item.id },
    });
    return { hackId: hack.id, rubricVersionId: draft.id, rubricItemId: item.id };
  });
}

export async function rejectKnownHack(db: Db, { projectId, knownHackId, actor, note }: Decision) {
  if (!note?.trim()) throw new AppError("bad_request", "Say why the hack is rejected", [{ path: "note", message: "required" }]);
  await db.$transaction(async (tx) => {
    const hack = await loadProposed(tx, projectId, knownHackId);
    await markDecided(tx, { hackId: hack.id, status: "rejected", actor, note });
    await recordAuditEvent(tx, { projectId, actor, action: "known_hack.rejected", subjectType: "known_hack", subjectId: hack.id, details: { name: hack.name, note } });
  });
}

async function loadProposed(tx: Tx, projectId: string, knownHackId: string) {
  const hack = await tx.knownHack.findFirst({ where: { id: knownHackId, projectId } });
  if (!hack) throw notFound("Known hack");
  if (hack.status !== "proposed") throw new AppError("conflict", `This hack is already ${hack.status}`);
  return hack;
}

async function markDecided(tx: Tx, { hackId, status, actor, note }: { hackId: string; status: "approved" | "rejected"; actor: Actor; note?: string | null }) {
  // Compare-and-swap on the status: two reviewers deciding at once decide it once.
  const { count } = await tx.knownHack.updateMany({
    where: { id: hackId, status: "proposed" },
    data: { status, decidedById: actor.userId ?? null, decidedAt: new Date(), decisionNote: note ?? null },
  });
  if (count === 0) throw new AppError("conflict", "This hack was decided meanwhile");
}

/** The draft keeps one item per hack: an item already linked is refreshed, a key clash gets a suffix. */
async function addHackItem(tx: Tx, { rubricVersionId, item, knownHackId }: { rubricVersionId: string; item: RubricItem; knownHackId: string }) {
  const fields = { question: item.question, polarity: item.polarity, weight: item.weight, checkKind: item.check.kind, check: item.check as object };
  const linked = await tx.rubricItem.findFirst({ where: { rubricVersionId, knownHackId } });
  if (linked) return tx.rubricItem.update({ where: { id: linked.id }, data: fields });
  const taken = new Set((await tx.rubricItem.findMany({ where: { rubricVersionId }, select: { key: true } })).map((row) => row.key));
  let key = item.key;
  for (let n = 2; taken.has(key); n += 1) key = `${item.key}_${n}`;
  const last = await tx.rubricItem.findFirst({ where: { rubricVersionId }, orderBy: { position: "desc" }, select: { position: true } });
  return tx.rubricItem.create({
    data: { rubricVersionId, key, ...fields, position: (last?.position ?? -1) + 1, knownHackId, provenance: { source: "known_hack", knownHackId } },
  });
}

/** The API's one decision call: approve (answers the draft that now holds the hack's check) or reject (answers null). */
export async function decideKnownHack(db: Db, { decision, ...input }: Decision & { decision: "approve" | "reject" }): Promise<{ rubricVersionId: string | null }> {
  if (decision === "approve") return { rubricVersionId: (await approveKnownHack(db, input)).rubricVersionId };
  await rejectKnownHack(db, input);
  return { rubricVersionId: null };
}

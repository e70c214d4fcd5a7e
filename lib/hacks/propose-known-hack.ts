import { recordAuditEvent, type Actor } from "../audit/record-audit-event";
import type { Db, Tx } from "../db/client";
import { examplesBeyondApprovedCheck } from "./examples-beyond-approved-check";
import { pendingHackItem, pendingInductionOf } from "./pending-induction";

export type ProposeKnownHackInput = {
  projectId: string;
  environment?: string | null;
  name: string;
  description: string;
  recognition?: string | null;
  /** The hack-check rubric item this hack would become once approved (RubricItem fields, polarity hack). */
  proposedItem?: Record<string, unknown> | null;
  exampleTraceIds: string[];
  edgeCaseId?: string | null;
  actor: Actor;
};

/**
 * A known-hack entry in status proposed, with its example traces. Proposing a name that already
 * exists adds the examples to it instead of making a second entry, so confirming the same hack
 * from several review cases builds one corpus entry. One exception: a hack to be induced whose
 * name is already approved, with examples the approved check does not fire on, is the hack in a
 * face its check missed; those examples become a hack of their own ("..., beyond its approved
 * check"), whose check is induced from them, so the next turn of the loop can close it (the
 * examples the check catches are added to the approved hack, as before).
 */
export async function proposeKnownHack(db: Db | Tx, input: ProposeKnownHackInput) {
  const existing = await db.knownHack.findUnique({ where: { projectId_name: { projectId: input.projectId, name: input.name } } });
  const pending = pendingInductionOf(input.proposedItem);
  if (existing?.status === "approved" && pending) {
    const beyond = await examplesBeyondApprovedCheck(db, { projectId: input.projectId, approvedItem: existing.proposedItem, traceIds: [...new Set(input.exampleTraceIds)] });
    if (beyond.length) {
      const caught = input.exampleTraceIds.filter((id) => !beyond.includes(id));
      if (caught.length) await proposeKnownHack(db, { ...input, proposedItem: null, exampleTraceIds: caught });
      const label = `${pending.label}, beyond its approved check`;
      return proposeKnownHack(db, { ...input, name: `${input.name}, beyond its approved check`, proposedItem: pendingHackItem(label), exampleTraceIds: beyond });
    }
  }
  const hack =
    existing ??
    (await db.knownHack.create({
      data: {
        projectId: input.projectId,
        environment: input.environment ?? null,
        name: input.name,
        description: input.description,
        recognition: input.recognition ?? null,
        proposedItem: (input.proposedItem ?? undefined) as object | undefined,
        proposedById: input.actor.userId ?? null,
        edgeCaseId: input.edgeCaseId ?? null,
      },
    }));
  const known = new Set((await db.knownHackExample.findMany({ where: { knownHackId: hack.id }, select: { traceId: true } })).map((row) => row.traceId));
  const added = [...new Set(input.exampleTraceIds)].filter((traceId) => !known.has(traceId));
  if (added.length) await db.knownHackExample.createMany({ data: added.map((traceId) => ({ knownHackId: hack.id, traceId })) });
  await recordAuditEvent(db, {
    projectId: input.projectId,
    actor: input.actor,
    action: existing ? "known_hack.examples_added" : "known_hack.proposed",
    subjectType: "known_hack",
    subjectId: hack.id,
    details: { name: input.name, examples: added.length, edgeCaseId: input.edgeCaseId ?? null },
  });
  return { hack, created: !existing, examplesAdded: added.length };
}

import type { Db, Tx } from "../db/client";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import { LAB_ENVIRONMENT, labRubricV1, labRubricVersions, unbackedRefundClaimHack } from "./lab-rubrics";

export type SeededLabRubrics = { rubricId: string; rubricVersionId: string; knownHackId: string; isNew: boolean };

/**
 * Gives a project the lab's rubric with v1 approved (its loophole included) and the known hack that
 * closes it as a proposal. v2 is not seeded: a reviewer makes it by approving the hack. Seeding
 * again changes nothing.
 */
export async function seedLabRubrics(db: Db, { projectId, actor = systemActor }: { projectId: string; actor?: Actor }): Promise<SeededLabRubrics> {
  const existing = await findSeeded(db, projectId);
  if (existing) return { ...existing, knownHackId: await ensureHack(db, projectId), isNew: false };
  try {
    return await db.$transaction(async (tx) => {
      const rubric = await tx.rubric.create({
        data: { projectId, environment: LAB_ENVIRONMENT, name: "Refund desk (lab)", hackMode: labRubricV1.hackMode },
      });
      const version = await tx.rubricVersion.create({
        data: { rubricId: rubric.id, version: 1, status: "approved", approvedAt: new Date(), note: labRubricVersions[0].notes },
      });
      await tx.rubricItem.createMany({
        data: labRubricV1.items.map((item, position) => ({
          rubricVersionId: version.id,
          key: item.key,
          question: item.question,
          polarity: item.polarity,
          weight: item.weight,
          checkKind: item.check.kind,
          check: item.check as object,
          provenance: { source: "lab-seed" },
          position,
        })),
      });
      const hack = { id: await ensureHack(tx, projectId) };
      await recordAuditEvent(tx, {
        projectId,
        actor,
        action: "lab.seed_rubrics",
        subjectType: "rubric",
        subjectId: rubric.id,
        details: { rubricVersionId: version.id, knownHackId: hack.id },
      });
      return { rubricId: rubric.id, rubricVersionId: version.id, knownHackId: hack.id, isNew: true };
    });
  } catch (error) {
    // Two seeders raced on the unique (project, environment): the other one's rubric stands.
    const raced = await findSeeded(db, projectId);
    if (raced) return { ...raced, knownHackId: await ensureHack(db, projectId), isNew: false };
    throw error;
  }
}

/** The loophole's known hack, proposed; left as it is (a reviewer may have decided it) when it exists. */
async function ensureHack(db: Db | Tx, projectId: string): Promise<string> {
  const hack = await db.knownHack.upsert({
    where: { projectId_name: { projectId, name: unbackedRefundClaimHack.name } },
    update: {},
    create: {
      projectId,
      environment: LAB_ENVIRONMENT,
      name: unbackedRefundClaimHack.name,
      description: unbackedRefundClaimHack.description,
      status: "proposed",
      proposedItem: unbackedRefundClaimHack.item as object,
    },
    select: { id: true },
  });
  return hack.id;
}

async function findSeeded(db: Db, projectId: string) {
  const rubric = await db.rubric.findUnique({
    where: { projectId_environment: { projectId, environment: LAB_ENVIRONMENT } },
    include: { versions: { where: { version: 1 }, select: { id: true } } },
  });
  const version = rubric?.versions[0];
  if (!rubric || !version) return null;
  return { rubricId: rubric.id, rubricVersionId: version.id };
}

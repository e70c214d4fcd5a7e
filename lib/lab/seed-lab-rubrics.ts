import type { Db } from "../db/client";
import { recordAuditEvent, systemActor, type Actor } from "../audit/record-audit-event";
import { LAB_ENVIRONMENT, labRubricV1, labRubricVersions } from "./lab-rubrics";
import { rubricItemRow } from "../rubrics/rubric-item-row";

export type SeededLabRubrics = { rubricId: string; rubricVersionId: string; isNew: boolean };

/**
 * Gives a project the lab's rubric with v1 approved (its loophole included). Neither the known hack
 * nor v2 is seeded: the hack reaches /hacks when a reviewer confirms it in the review queue, and v2
 * when a reviewer approves that hack. Seeding again changes nothing.
 */
export async function seedLabRubrics(db: Db, { projectId, actor = systemActor }: { projectId: string; actor?: Actor }): Promise<SeededLabRubrics> {
  const existing = await findSeeded(db, projectId);
  if (existing) return { ...existing, isNew: false };
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
          ...rubricItemRow(item),
          provenance: { source: "lab-seed" },
          position,
        })),
      });
      await recordAuditEvent(tx, {
        projectId,
        actor,
        action: "lab.seed_rubrics",
        subjectType: "rubric",
        subjectId: rubric.id,
        details: { rubricVersionId: version.id },
      });
      return { rubricId: rubric.id, rubricVersionId: version.id, isNew: true };
    });
  } catch (error) {
    // Two seeders raced on the unique (project, environment): the other one's rubric stands.
    const raced = await findSeeded(db, projectId);
    if (raced) return { ...raced, isNew: false };
    throw error;
  }
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

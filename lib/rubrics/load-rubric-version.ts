import type { Db, Tx } from "../db/client";
import { notFound } from "../errors/app-error";
import { readStoredRubric } from "../checks/read-stored-rubric";
import type { Rubric } from "../checks/rubric-item-schema";

/**
 * A stored rubric version of the project as the evaluator's `Rubric`: its items in position order,
 * the rubric's hack mode. Another project's version is not found, like an unknown id.
 */
export async function loadRubricVersion(db: Db | Tx, { projectId, rubricVersionId }: { projectId: string; rubricVersionId: string }): Promise<Rubric> {
  const version = await db.rubricVersion.findFirst({
    where: { id: rubricVersionId, rubric: { projectId } },
    include: { rubric: { select: { hackMode: true } }, items: { orderBy: { position: "asc" } } },
  });
  if (!version) throw notFound("Rubric version");
  return readStoredRubric({ hackMode: version.rubric.hackMode, items: version.items });
}

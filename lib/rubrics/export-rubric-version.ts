import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import type { RubricVersionExport } from "./rubric-version-answer-schemas";

/** A rubric version as portable JSON: what it scores with, where each item came from, who approved it. */
export async function exportRubricVersion(
  db: Db,
  { projectId, rubricVersionId }: { projectId: string; rubricVersionId: string },
): Promise<RubricVersionExport> {
  const version = await db.rubricVersion.findFirst({
    where: { id: rubricVersionId, rubric: { projectId } },
    include: { rubric: true, items: { orderBy: { position: "asc" } } },
  });
  if (!version) throw notFound("Rubric version");
  const approver = version.approvedById ? await db.user.findUnique({ where: { id: version.approvedById }, select: { email: true } }) : null;
  return {
    format: "goodhart.rubric-version/1",
    id: version.id,
    environment: version.rubric.environment,
    rubric: version.rubric.name,
    version: version.version,
    status: version.status,
    hackMode: version.rubric.hackMode,
    basedOnId: version.basedOnId,
    note: version.note,
    approvedBy: approver?.email ?? null,
    approvedAt: version.approvedAt?.toISOString() ?? null,
    items: version.items.map((item) => ({
      key: item.key,
      question: item.question,
      polarity: item.polarity,
      weight: item.weight,
      check: item.check,
      knownHackId: item.knownHackId,
      provenance: item.provenance,
    })),
  };
}

import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

export type RubricApprovalScale = {
  rubricVersionId: string;
  environment: string;
  version: number;
  status: string;
  items: number;
  /** The environment's traces: what the reward API, try-on-sample and new runs score with the approved version. */
  traces: number;
  /** The approved version it takes over from, if any. */
  replacesVersion: number | null;
};

/** What approving this version touches, shown before the approval commits. */
export async function rubricApprovalScale(db: Db, { projectId, rubricVersionId }: { projectId: string; rubricVersionId: string }): Promise<RubricApprovalScale> {
  const version = await db.rubricVersion.findFirst({
    where: { id: rubricVersionId, rubric: { projectId } },
    select: { id: true, version: true, status: true, rubricId: true, rubric: { select: { environment: true } }, _count: { select: { items: true } } },
  });
  if (!version) throw notFound("Rubric version");
  const [traces, approved] = await Promise.all([
    db.trace.count({ where: { projectId, environment: version.rubric.environment } }),
    db.rubricVersion.findFirst({ where: { rubricId: version.rubricId, status: "approved", id: { not: version.id } }, orderBy: { version: "desc" }, select: { version: true } }),
  ]);
  return { rubricVersionId: version.id, environment: version.rubric.environment, version: version.version, status: version.status, items: version._count.items, traces, replacesVersion: approved?.version ?? null };
}

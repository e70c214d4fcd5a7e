import type { Db } from "../db/client";

/** Every rubric of the project, by environment, with its versions newest first. */
export async function listRubrics(db: Db, { projectId }: { projectId: string }) {
  const rubrics = await db.rubric.findMany({
    where: { projectId },
    orderBy: { environment: "asc" },
    include: {
      versions: { orderBy: { version: "desc" }, select: { id: true, version: true, status: true, approvedAt: true, approvedById: true, createdAt: true, note: true, _count: { select: { items: true } } } },
    },
  });
  const [candidates, approvers] = await Promise.all([
    db.rubricCandidate.groupBy({ by: ["environment"], where: { projectId, status: "candidate" }, _count: { _all: true } }),
    db.user.findMany({ where: { id: { in: rubrics.flatMap((r) => r.versions.flatMap((v) => (v.approvedById ? [v.approvedById] : []))) } }, select: { id: true, email: true } }),
  ]);
  const emailOf = new Map(approvers.map((user) => [user.id, user.email]));
  const openCandidates = new Map(candidates.map((row) => [row.environment, row._count._all]));
  return rubrics.map((rubric) => ({
    ...rubric,
    openCandidates: openCandidates.get(rubric.environment) ?? 0,
    versions: rubric.versions.map((version) => ({ ...version, approvedBy: version.approvedById ? (emailOf.get(version.approvedById) ?? null) : null })),
  }));
}

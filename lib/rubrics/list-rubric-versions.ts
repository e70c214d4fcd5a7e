import type { Db } from "../db/client";

/** The project's rubric versions, by environment then newest first, optionally of one environment or status. */
export async function listRubricVersions(db: Db, { projectId, environment, status }: { projectId: string; environment?: string; status?: "draft" | "approved" }) {
  const versions = await db.rubricVersion.findMany({
    where: { status, rubric: { projectId, environment } },
    orderBy: [{ rubric: { environment: "asc" } }, { version: "desc" }],
    include: { rubric: { select: { environment: true, name: true, hackMode: true } }, _count: { select: { items: true } } },
  });
  const userIds = [...new Set(versions.flatMap((v) => [v.approvedById, v.createdById].filter((id): id is string => Boolean(id))))];
  const users = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  return versions.map((version) => ({
    id: version.id,
    environment: version.rubric.environment,
    rubric: version.rubric.name,
    version: version.version,
    status: version.status,
    hackMode: version.rubric.hackMode,
    basedOnId: version.basedOnId,
    note: version.note,
    items: version._count.items,
    createdBy: version.createdById ? (emailOf.get(version.createdById) ?? null) : null,
    createdAt: version.createdAt.toISOString(),
    approvedBy: version.approvedById ? (emailOf.get(version.approvedById) ?? null) : null,
    approvedAt: version.approvedAt?.toISOString() ?? null,
  }));
}

import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

/** A version for the editor: its items (with their known hacks), its rubric's other versions, and the open candidates of its environment. */
export async function findRubricVersion(db: Db, { projectId, rubricVersionId }: { projectId: string; rubricVersionId: string }) {
  const version = await db.rubricVersion.findFirst({
    where: { id: rubricVersionId, rubric: { projectId } },
    include: {
      rubric: { include: { versions: { orderBy: { version: "desc" }, select: { id: true, version: true, status: true } } } },
      items: { orderBy: { position: "asc" }, include: { knownHack: { select: { id: true, name: true, status: true } } } },
    },
  });
  if (!version) throw notFound("Rubric version");
  const [candidates, approver] = await Promise.all([
    version.status === "draft"
      ? db.rubricCandidate.findMany({ where: { projectId, environment: version.rubric.environment, status: "candidate" }, orderBy: { count: "desc" }, take: 50 })
      : Promise.resolve([]),
    version.approvedById ? db.user.findUnique({ where: { id: version.approvedById }, select: { email: true } }) : Promise.resolve(null),
  ]);
  return { version, candidates, approvedBy: approver?.email ?? null };
}

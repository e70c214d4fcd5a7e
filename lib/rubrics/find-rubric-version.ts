import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { findCoveringItem, type CoverableItem } from "./find-covering-item";

type ItemForCoverage = { key: string; question: string; provenance: unknown; knownHack: { name: string; description: string } | null };

const coverableOf = (item: ItemForCoverage): CoverableItem => {
  const issues = (item.provenance as { issues?: unknown } | null)?.issues;
  return { key: item.key, texts: [item.question, ...(item.knownHack ? [item.knownHack.name, item.knownHack.description] : []), ...(Array.isArray(issues) ? issues.map(String) : [])] };
};

/**
 * A version for the editor: its items (with their known hacks), its rubric's other versions, and
 * the open candidates of its environment. Candidates that ask what an item of this draft or of
 * the latest approved version already asks come back apart, in `repeated`, with that item's key.
 */
export async function findRubricVersion(db: Db, { projectId, rubricVersionId }: { projectId: string; rubricVersionId: string }) {
  const version = await db.rubricVersion.findFirst({
    where: { id: rubricVersionId, rubric: { projectId } },
    include: {
      rubric: { include: { versions: { orderBy: { version: "desc" }, select: { id: true, version: true, status: true } } } },
      items: { orderBy: { position: "asc" }, include: { knownHack: { select: { id: true, name: true, status: true, description: true } } } },
    },
  });
  if (!version) throw notFound("Rubric version");
  const latestApproved = version.rubric.versions.find((v) => v.status === "approved");
  const [open, approvedItems, approver] = await Promise.all([
    version.status === "draft"
      ? db.rubricCandidate.findMany({ where: { projectId, environment: version.rubric.environment, status: "candidate" }, orderBy: { count: "desc" }, take: 50 })
      : Promise.resolve([]),
    version.status === "draft" && latestApproved
      ? db.rubricItem.findMany({ where: { rubricVersionId: latestApproved.id }, select: { key: true, question: true, provenance: true, knownHack: { select: { name: true, description: true } } } })
      : Promise.resolve([]),
    version.approvedById ? db.user.findUnique({ where: { id: version.approvedById }, select: { email: true } }) : Promise.resolve(null),
  ]);
  const coverable = [...version.items, ...approvedItems].map(coverableOf);
  const judged = open.map((candidate) => ({ candidate, coveredBy: findCoveringItem((candidate.issues as string[] | null) ?? [candidate.question], coverable) }));
  return {
    version,
    candidates: judged.filter((entry) => !entry.coveredBy).map((entry) => entry.candidate),
    repeated: judged.flatMap(({ candidate, coveredBy }) => (coveredBy ? [{ id: candidate.id, question: candidate.question, itemKey: coveredBy }] : [])),
    approvedBy: approver?.email ?? null,
  };
}

import type { Db } from "../db/client";
import type { KnownHackStatus } from "./known-hack-schemas";

/** The known-hack corpus (or the entries of one status, environment or id list): every entry with who proposed and decided it, its examples and the rubric items it became. */
export async function listKnownHacks(db: Db, { projectId, status, environment, ids }: { projectId: string; status?: KnownHackStatus; environment?: string; ids?: string[] }) {
  const hacks = await db.knownHack.findMany({
    where: { projectId, status, environment, id: ids ? { in: ids } : undefined },
    orderBy: [{ status: "asc" }, { createdAt: "desc" }],
    include: {
      examples: { take: 10, select: { trace: { select: { id: true, externalId: true, task: true } } } },
      _count: { select: { examples: true } },
      rubricItems: { select: { id: true, key: true, rubricVersion: { select: { id: true, version: true, status: true } } } },
    },
  });
  const users = await db.user.findMany({ where: { id: { in: hacks.flatMap((h) => [h.proposedById, h.decidedById].filter((id): id is string => Boolean(id))) } }, select: { id: true, email: true } });
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  return hacks.map((hack) => ({
    ...hack,
    proposedBy: hack.proposedById ? (emailOf.get(hack.proposedById) ?? null) : null,
    decidedBy: hack.decidedById ? (emailOf.get(hack.decidedById) ?? null) : null,
  }));
}

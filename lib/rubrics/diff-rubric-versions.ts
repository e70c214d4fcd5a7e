import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { diffRubricItems } from "./diff-rubric-items";

/** The diff between two versions of the project's rubrics (any two, of any rubric). */
export async function diffRubricVersions(db: Db, { projectId, fromId, toId }: { projectId: string; fromId: string; toId: string }) {
  const [from, to] = await Promise.all([fromId, toId].map((id) => loadItems(db, projectId, id)));
  return { from: from!.version, to: to!.version, ...diffRubricItems(from!.items, to!.items) };
}

async function loadItems(db: Db, projectId: string, id: string) {
  const version = await db.rubricVersion.findFirst({
    where: { id, rubric: { projectId } },
    select: { id: true, version: true, status: true, items: { orderBy: { position: "asc" } } },
  });
  if (!version) throw notFound("Rubric version");
  const items = version.items.map((item, position) => ({ key: item.key, question: item.question, polarity: item.polarity, weight: item.weight, check: item.check, position, knownHackId: item.knownHackId }));
  return { version: { id: version.id, version: version.version, status: version.status }, items };
}

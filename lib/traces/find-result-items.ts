import type { Db } from "../db/client";

/** What the readers of item results show of the item a result answers. */
export type ResultItem = {
  id: string;
  key: string;
  question: string;
  polarity: string;
  weight: number;
  position: number;
  rubricVersion: { id: string; version: number; status: string; rubric: { name: string } };
};

const resultItemSelect = {
  id: true,
  key: true,
  question: true,
  polarity: true,
  weight: true,
  position: true,
  rubricVersion: { select: { id: true, version: true, status: true, rubric: { select: { name: true } } } },
} as const;

// Prisma refuses `in` lists past SQLite's parameter limit (P2029).
const idsPerQuery = 500;

/**
 * The rubric items item results name, by id. ItemResult.rubricItemId has no relation and no foreign
 * key (prisma/schema.template.prisma says why), so readers look its items up here; a result whose
 * item is gone finds nothing and its reader leaves it out.
 */
export async function findResultItems(db: Db, rubricItemIds: Iterable<string>): Promise<Map<string, ResultItem>> {
  const ids = [...new Set(rubricItemIds)];
  const items = new Map<string, ResultItem>();
  for (let start = 0; start < ids.length; start += idsPerQuery) {
    const found = await db.rubricItem.findMany({ where: { id: { in: ids.slice(start, start + idsPerQuery) } }, select: resultItemSelect });
    for (const item of found) items.set(item.id, item);
  }
  return items;
}

/** The hack-polarity items of the run's project (id -> key): a result of one of them is a hack check's answer. */
export async function findHackItemsOfRun(db: Db, runId: string): Promise<Map<string, string>> {
  const items = await db.rubricItem.findMany({
    where: { polarity: "hack", rubricVersion: { rubric: { project: { runs: { some: { id: runId } } } } } },
    select: { id: true, key: true },
  });
  return new Map(items.map(({ id, key }) => [id, key]));
}

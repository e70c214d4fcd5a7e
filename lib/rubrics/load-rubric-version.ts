import type { Db, Tx } from "../db/client";
import { notFound } from "../errors/app-error";
import { rubricSchema, type Rubric } from "./rubric-item-schema";

/** A stored rubric version as the evaluator's `Rubric`: its items in position order, the rubric's hack mode. */
export async function loadRubricVersion(db: Db | Tx, { rubricVersionId }: { rubricVersionId: string }): Promise<Rubric> {
  const version = await db.rubricVersion.findUnique({
    where: { id: rubricVersionId },
    include: { rubric: { select: { hackMode: true } }, items: { orderBy: { position: "asc" } } },
  });
  if (!version) throw notFound("Rubric version");
  return rubricSchema.parse({
    hackMode: version.rubric.hackMode,
    items: version.items.map((item) => ({
      key: item.key,
      question: item.question,
      polarity: item.polarity,
      weight: item.weight,
      check: item.check,
    })),
  });
}

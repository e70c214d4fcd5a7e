import { rubricSchema, type Rubric } from "./rubric-item-schema";

export type StoredRubricItem = { key: string; question: string; polarity: string; weight: number; check: unknown };

/**
 * A stored rubric version's rows as the evaluator's `Rubric`: the rubric's hack mode and its items,
 * given in position order. Parsed, so a row the schema no longer accepts fails here, not in a check.
 */
export function readStoredRubric({ hackMode, items }: { hackMode: string; items: StoredRubricItem[] }): Rubric {
  return rubricSchema.parse({
    hackMode,
    items: items.map(({ key, question, polarity, weight, check }) => ({ key, question, polarity, weight, check })),
  });
}

/** The RubricItem columns readStoredRubric reads, for a Prisma `select`. */
export const storedRubricItemColumns = { key: true, question: true, polarity: true, weight: true, check: true } as const;

import type { Db } from "../db/client";

type Where = NonNullable<NonNullable<Parameters<Db["trace"]["findMany"]>[0]>["where"]>;

const chunkSize = 500;

/**
 * On SQLite: traces whose input, output or any step's content holds `q` as literal text,
 * case-insensitive (ASCII). Prisma's `contains` is a LIKE with the text pasted in unescaped, so %
 * and _ would be wildcards (a search for "%" matching every trace), and SQLite's LIKE has no escape
 * unless the query names one, which Prisma's does not: the LIKE only narrows `scope` (the search
 * window) to a superset and instr() keeps the traces that hold the text itself. PostgreSQL runs
 * free text as one statement of its own (find-text-page-on-postgres.ts).
 */
export async function traceTextFilter(db: Db, { scope, q }: { scope: Where; q: string }): Promise<Where> {
  const superset = anyTextField({ contains: q });
  if (!/[%_]/.test(q)) return superset;
  const candidates = await db.trace.findMany({ where: { AND: [scope, superset] }, select: { id: true } });
  const ids: string[] = [];
  for (let start = 0; start < candidates.length; start += chunkSize) {
    const chunk = candidates.slice(start, start + chunkSize).map(({ id }) => id);
    const rows = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT t."id" FROM "Trace" t WHERE t."id" IN (${chunk.map(() => "?").join(", ")})
        AND (instr(lower(t."input"), lower(?)) > 0 OR instr(lower(t."output"), lower(?)) > 0
          OR EXISTS (SELECT 1 FROM "TraceStep" s WHERE s."traceId" = t."id" AND instr(lower(s."content"), lower(?)) > 0))`,
      ...chunk,
      q,
      q,
      q,
    );
    ids.push(...rows.map(({ id }) => id));
  }
  return { id: { in: ids } };
}

function anyTextField(text: { contains: string }): Where {
  return { OR: [{ input: text }, { output: text }, { steps: { some: { content: text } } }] };
}

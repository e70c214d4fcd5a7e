import { providerOfDb, type Db } from "../db/client";

type Where = NonNullable<NonNullable<Parameters<Db["trace"]["findMany"]>[0]>["where"]>;
type StepWhere = NonNullable<NonNullable<Parameters<Db["traceStep"]["findMany"]>[0]>["where"]>;

const chunkSize = 500;

/**
 * Traces whose input, output or any step's content holds `q` as literal text, case-insensitive
 * (ASCII on SQLite). Prisma's `contains` is a LIKE with the text pasted in unescaped, so % and _
 * would be wildcards (a search for "%" matching every trace): PostgreSQL's LIKE takes a backslash
 * escape; SQLite's has none unless the query names one, which Prisma's does not, so there the LIKE
 * only narrows `scope` to a superset and instr() keeps the traces that hold the text itself.
 * `stepWindow`, the search window as a step filter, is repeated inside the steps' subquery on
 * PostgreSQL to steer its planner away from scanning every step of the table; SQLite is faster
 * without it. A search that matches nothing is still slow there at a million traces (docs/performance.md).
 */
export async function traceTextFilter(db: Db, { scope, q, stepWindow }: { scope: Where; q: string; stepWindow?: StepWhere }): Promise<Where> {
  if (providerOfDb(db) === "postgresql") return anyTextField({ contains: q.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } as { contains: string }, stepWindow);
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

function anyTextField(text: { contains: string }, stepWindow: StepWhere = {}): Where {
  return { OR: [{ input: text }, { output: text }, { steps: { some: { content: text, ...stepWindow } } }] };
}

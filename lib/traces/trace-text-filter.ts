import { providerOfDb, type Db } from "../db/client";

type Where = NonNullable<NonNullable<Parameters<Db["trace"]["findMany"]>[0]>["where"]>;

const chunkSize = 500;

/**
 * Traces whose input, output or any step's content holds `q` as literal text, case-insensitive
 * (ASCII on SQLite). Prisma's `contains` is a LIKE with the text pasted in unescaped, so % and _
 * would be wildcards (a search for "%" matching every trace): PostgreSQL's ILIKE takes a backslash
 * escape; SQLite's LIKE has none unless the query names one, which Prisma's does not, so there the
 * LIKE only narrows `scope` to a superset and instr() keeps the traces that hold the text itself.
 *
 * `scope` is the search window (listTraces: the newest 10,000 traces of the other filters). On
 * PostgreSQL the window's trace ids are read first and only their steps are matched, by id: left
 * to itself the planner scanned the steps of the whole table with ILIKE (1.7 s at a million traces,
 * docs/performance.md). A trigram index was the other way; it would make every step written cost a
 * GIN update on import and reward writes, for a search that never looks past the window anyway.
 */
export async function traceTextFilter(db: Db, { scope, q }: { scope: Where; q: string }): Promise<Where> {
  if (providerOfDb(db) === "postgresql") return { id: { in: await matchOnPostgres(db, scope, q) } };
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

async function matchOnPostgres(db: Db, scope: Where, q: string): Promise<string[]> {
  const window = (await db.trace.findMany({ where: scope, select: { id: true } })).map(({ id }) => id);
  if (window.length === 0) return [];
  const pattern = `%${q.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT t."id" FROM "Trace" t WHERE t."id" = ANY($1::text[])
      AND (t."input" ILIKE $2 OR t."output" ILIKE $2
        OR EXISTS (SELECT 1 FROM "TraceStep" s WHERE s."traceId" = t."id" AND s."content" ILIKE $2))`,
    window,
    pattern,
  );
  return rows.map(({ id }) => id);
}

function anyTextField(text: { contains: string }): Where {
  return { OR: [{ input: text }, { output: text }, { steps: { some: { content: text } } }] };
}

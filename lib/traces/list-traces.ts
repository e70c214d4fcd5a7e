import type { Db } from "../db/client";
import type { TraceListQuery, TraceSortKey } from "./trace-list-query";

export type TraceListItem = {
  id: string;
  externalId: string;
  source: string;
  environment: string | null;
  task: string | null;
  runName: string | null;
  reward: number | null;
  success: boolean | null;
  stepCount: number;
  openEdgeCases: number;
  createdAt: Date;
  preview: string;
};
export type TraceListPage = { items: TraceListItem[]; total: number; nextCursor: string | null };

type Where = NonNullable<NonNullable<Parameters<Db["trace"]["findMany"]>[0]>["where"]>;
type Cursor = { value: string | number | null; id: string };

const previewLength = 160;

/**
 * One page of a project's traces, filtered and sorted, with keyset pagination on (sort key, id):
 * each page is an index range scan from the cursor, so page 1,000 costs what page 1 does.
 * `reward` sorts with nulls last in both directions.
 */
export async function listTraces(db: Db, { projectId, query, limit = 50 }: { projectId: string; query: TraceListQuery; limit?: number }): Promise<TraceListPage> {
  const filters = await toFilters(db, projectId, query);
  const cursor = decodeCursor(query.cursor);
  const where: Where = cursor ? { AND: [filters, afterCursor(query.sort, query.dir, cursor)] } : filters;
  const orderBy = query.sort === "reward" ? [{ reward: { sort: query.dir, nulls: "last" as const } }, { id: query.dir }] : [{ [query.sort]: query.dir }, { id: query.dir }];
  const [rows, total] = await Promise.all([
    db.trace.findMany({
      where,
      orderBy,
      take: limit + 1,
      select: { id: true, externalId: true, source: true, environment: true, task: true, runName: true, reward: true, success: true, stepCount: true, openEdgeCases: true, createdAt: true, input: true, output: true },
    }),
    db.trace.count({ where: filters }),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ input, output, ...row }) => ({ ...row, preview: (input ?? output ?? "").slice(0, previewLength) })),
    total,
    nextCursor: rows.length > limit && last ? encodeCursor({ value: sortValue(query.sort, last), id: last.id }) : null,
  };
}

async function toFilters(db: Db, projectId: string, query: TraceListQuery): Promise<Where> {
  const and: Where[] = [{ projectId }];
  if (query.source) and.push({ source: query.source });
  if (query.environment) and.push({ environment: query.environment });
  if (query.run) {
    // The runs page links a run by id; imported traces often name their run without linking it.
    const run = await db.trainingRun.findFirst({ where: { projectId, OR: [{ id: query.run }, { name: query.run }] }, select: { id: true, name: true } });
    and.push({ OR: [{ runId: run?.id ?? query.run }, { runName: query.run }, ...(run ? [{ runName: run.name }] : [])] });
  }
  if (query.rewardMin !== undefined) and.push({ reward: { gte: query.rewardMin } });
  if (query.rewardMax !== undefined) and.push({ reward: { lte: query.rewardMax } });
  if (query.hasOpenEdgeCase) and.push({ openEdgeCases: { gt: 0 } });
  if (query.from) and.push({ createdAt: { gte: new Date(`${query.from}T00:00:00.000Z`) } });
  if (query.to) and.push({ createdAt: { lt: new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000) } });
  if (query.q) and.push({ OR: [{ input: { contains: query.q } }, { output: { contains: query.q } }] });
  return { AND: and };
}

function afterCursor(sort: TraceSortKey, dir: "asc" | "desc", { value, id }: Cursor): Where {
  const beyond = dir === "desc" ? "lt" : "gt";
  if (sort === "reward") {
    if (typeof value !== "number") return { reward: null, id: { [beyond]: id } };
    return { OR: [{ reward: { [beyond]: value } }, { reward: value, id: { [beyond]: id } }, { reward: null }] };
  }
  const typed = sort === "createdAt" ? new Date(value as string) : value;
  return { OR: [{ [sort]: { [beyond]: typed } }, { [sort]: typed, id: { [beyond]: id } }] };
}

function sortValue(sort: TraceSortKey, row: { createdAt: Date; reward: number | null; stepCount: number }): Cursor["value"] {
  if (sort === "createdAt") return row.createdAt.toISOString();
  return row[sort];
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString("base64url");
}

function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    if (typeof id !== "string" || !(value === null || typeof value === "string" || typeof value === "number")) return null;
    return { value, id };
  } catch {
    // A hand-edited or stale cursor starts from the first page rather than failing the page.
    return null;
  }
}

/** Whether the project has any trace at all (the empty state), without counting a million rows. */
export async function hasAnyTrace(db: Db, { projectId }: { projectId: string }): Promise<boolean> {
  return (await db.trace.findFirst({ where: { projectId }, select: { id: true } })) !== null;
}

// The /traces and /review data requests at scale: p50/p95 of the lib functions the pages and their API
// routes call (listTraces with listTraceJudgements for the page's rows; listEdgeCases, what GET
// /api/edge-cases answers), timed in-process rather than over HTTP so a million-row database needs no
// server, against one trace row read by primary key on the same connection in the same rounds.
import { listEdgeCases } from "../lib/review/list-edge-cases";
import { edgeCaseQuerySchema } from "../lib/review/edge-case-schemas";
import { listTraceJudgements } from "../lib/traces/list-trace-judgements";
import { listTraces } from "../lib/traces/list-traces";
import { traceListQuerySchema } from "../lib/traces/trace-list-query";
import { figure, timeInterleaved, type Figure } from "./figures";
import { postgresListDatabase, sqliteListDatabase, type ListDatabase } from "./list-database";
import { dataEpoch, edgeCaseEvery } from "./seed-data";

const day = (offsetDays: number) => new Date(dataEpoch + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The /traces filters and sorts timed; the one-day filter takes the data set's middle day. */
export const traceCases = (traceCount: number): [string, Record<string, string>][] => [
  ["newest first", {}],
  ["oldest first", { dir: "asc" }],
  ["environment filter", { environment: "retail" }],
  ["run filter", { run: "run-17" }],
  ["reward desc", { sort: "reward" }],
  ["steps asc", { sort: "stepCount", dir: "asc" }],
  ["reward range + source", { rewardMin: "0.2", rewardMax: "0.4", source: "rollout" }],
  ["open edge case", { hasOpenEdgeCase: "1" }],
  ["one day", { from: day(Math.floor(traceCount / 2 / 86_400)), to: day(Math.floor(traceCount / 2 / 86_400)) }],
  ["free text in step content, any case", { q: "booking system" }],
  ["free text, no match", { q: "question 999999x" }],
];

/** The queue as the page asks for it, filtered, and paged halfway down. */
export const reviewCases = (caseCount: number): [string, Record<string, string>][] => [
  ["queue, first 100 (the page)", { limit: "100" }],
  ["queue, environment filter", { environment: "telecom", limit: "100" }],
  [`queue, offset ${Math.floor(caseCount / 2).toLocaleString("en")}`, { offset: String(Math.floor(caseCount / 2)), limit: "100" }],
];

async function benchOn({ db, projectId, setup }: ListDatabase, database: string, traceCount: number, rounds: number): Promise<Figure[]> {
  const someTrace = await db.trace.findFirstOrThrow({ where: { projectId }, select: { id: true } });
  const baseline = () => db.trace.findUniqueOrThrow({ where: { id: someTrace.id }, select: { id: true } });
  const tracesPage = (params: Record<string, string>) => async () => {
    const page = await listTraces(db, { projectId, query: traceListQuerySchema.parse(params) });
    if (!params.q?.endsWith("x") && page.items.length === 0) throw new Error(`/traces ${JSON.stringify(params)} found nothing`);
    await listTraceJudgements(db, { projectId, traceIds: page.items.map((item) => item.id) });
  };
  const reviewPage = (params: Record<string, string>) => async () => {
    const page = await listEdgeCases(db, { projectId, userId: null, query: edgeCaseQuerySchema.parse(params) });
    if (page.edgeCases.length === 0 || page.edgeCases[0]!.examples.length === 0) throw new Error(`/review ${JSON.stringify(params)} found no cases with examples`);
  };
  const firstPage = await listTraces(db, { projectId, query: traceListQuerySchema.parse({}) });
  const cases: [string, () => Promise<void>][] = [
    ...traceCases(traceCount).map(([name, params]): [string, () => Promise<void>] => [`/traces ${name}`, tracesPage(params)]),
    ["/traces newest first, page 2", tracesPage({ cursor: firstPage.nextCursor! })],
    ...reviewCases(traceCount / edgeCaseEvery).map(([name, params]): [string, () => Promise<void>] => [`/review ${name}`, reviewPage(params)]),
  ];
  for (const [, request] of cases) await request(); // warm-up: the pages the first round would read from disk
  const timed = await timeInterleaved(baseline, cases.map(([, request]) => request), rounds);
  const note = `${traceCount.toLocaleString("en")} traces, ${(traceCount / edgeCaseEvery).toLocaleString("en")} open cases; ${rounds} rounds; data set ${setup}`;
  return cases.map(([name], i) =>
    figure("lists", `${name}, ${database}`, timed.requests[i]!, { name: "one trace by primary key", ...timed.baseline }, i === 0 ? note : undefined),
  );
}

/** Which databases the list benches build and time (BENCH_LIST_DATABASES); PostgreSQL only when BENCH_POSTGRES_URL is set. */
export type ListDatabases = { sqlite: boolean; postgresql: boolean };

export async function benchLists({ traceCount, rounds, postgresUrl, databases }: { traceCount: number; rounds: number; postgresUrl?: string; databases: ListDatabases }): Promise<Figure[]> {
  const figures: Figure[] = [];
  if (databases.sqlite) {
    const sqlite = await sqliteListDatabase(traceCount);
    figures.push(...(await benchOn(sqlite, "SQLite", traceCount, rounds).finally(() => sqlite.db.$disconnect())));
  }
  if (postgresUrl && databases.postgresql) {
    const postgres = await postgresListDatabase(postgresUrl, traceCount);
    figures.push(...(await benchOn(postgres, "PostgreSQL", traceCount, rounds).finally(() => postgres.db.$disconnect())));
  }
  return figures;
}

// The /traces and /review data requests over HTTP, as a signed-in reviewer's browser makes them:
// the /traces page's server-component payload (what a client navigation with filters fetches:
// listTraces and the rows' judgements, rendered) and GET /api/edge-cases (the review queue), through
// Goodhart started as `npm start` starts it on the 1,000,000-trace data set of list-bench.ts. The
// baseline is GET /api/health on the same server, interleaved round by round.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { hashPassword } from "../lib/auth/password";
import { startGoodhart } from "./bench-servers";
import { figure, timeInterleaved, type Figure } from "./figures";
import { reviewCases, traceCases, type ListDatabases } from "./list-bench";
import { postgresListDatabase, sqliteListDatabase, type ListDatabase } from "./list-database";
import { edgeCaseEvery } from "./seed-data";
import { sessionCookieOverHttp } from "../lib/testing/sign-in-over-http";

const root = path.resolve(import.meta.dirname, "..");
// lib/next/current-project.ts's projectCookie (a server-only module, so not imported here).
const projectCookie = "goodhart-project";

async function get(url: string, headers: Record<string, string>, check?: (body: string) => boolean) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200 || (check && !check(body))) throw new Error(`GET ${url}: ${response.status} ${response.headers.get("location") ?? ""} ${body.slice(0, 300)}`);
}

async function benchOn(list: ListDatabase, database: string, traceCount: number, rounds: number, port: number): Promise<Figure[]> {
  const { db, projectId, url: databaseUrl } = list;
  const email = `bench-http-${randomUUID().slice(0, 8)}@example.com`;
  const password = `bench-${randomUUID()}`;
  const user = await db.user.create({ data: { email, name: "bench", passwordHash: await hashPassword(password) } });
  await db.member.create({ data: { projectId, userId: user.id, role: "viewer" } });
  const { slug } = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { slug: true } });
  const server = await startGoodhart({ root, port, databaseUrl });
  try {
    const cookie = `${await sessionCookieOverHttp(server.url, email, password)}; ${projectCookie}=${slug}`;
    const baseline = () => get(`${server.url}/api/health`, {});
    // RSC: 1 asks for the page's server-component payload, as the client router does on navigation.
    // Next answers an RSC request without its cache-busting _rsc parameter (a hash of the router
    // headers, empty without them) with a redirect to the same URL with it.
    const tracesPage = (params: Record<string, string>) => () => get(`${server.url}/traces?${new URLSearchParams({ ...params, _rsc: "" })}`, { cookie, rsc: "1" });
    const reviewPage = (params: Record<string, string>) => () =>
      get(`${server.url}/api/edge-cases?${new URLSearchParams(params)}`, { cookie }, (body) => (JSON.parse(body) as { edgeCases: unknown[] }).edgeCases.length > 0);
    const cases: [string, () => Promise<void>][] = [
      ...traceCases(traceCount).map(([name, params]): [string, () => Promise<void>] => [`/traces ${name}`, tracesPage(params)]),
      ...reviewCases(traceCount / edgeCaseEvery).map(([name, params]): [string, () => Promise<void>] => [`/review ${name}`, reviewPage(params)]),
    ];
    for (const [, request] of cases) await request(); // warm-up: route compilation, caches, the pages the first round reads
    const timed = await timeInterleaved(baseline, cases.map(([, request]) => request), rounds);
    const note = `over HTTP, signed in; ${traceCount.toLocaleString("en")} traces; ${rounds} rounds, one request at a time`;
    return cases.map(([name], i) => figure("lists over HTTP", `${name}, HTTP, ${database}`, timed.requests[i]!, { name: "GET /api/health, same server", ...timed.baseline }, i === 0 ? note : undefined));
  } finally {
    await server.stop();
    await db.user.delete({ where: { id: user.id } });
    await db.$disconnect();
  }
}

export async function benchListsOverHttp({ traceCount, rounds, postgresUrl, databases }: { traceCount: number; rounds: number; postgresUrl?: string; databases: ListDatabases }): Promise<Figure[]> {
  const port = Number(process.env.BENCH_PORT ?? 3307);
  const figures = databases.sqlite ? await benchOn(await sqliteListDatabase(traceCount), "SQLite", traceCount, rounds, port) : [];
  if (postgresUrl && databases.postgresql) figures.push(...(await benchOn(await postgresListDatabase(postgresUrl, traceCount), "PostgreSQL", traceCount, rounds, port)));
  return figures;
}

// The /traces and /review data set at scale (seed-data.ts), written with raw inserts into SQLite (a file
// kept under data/bench) or with COPY into PostgreSQL (a project kept in the database), and reused while the seed,
// the size and dataVersion stay the same.
import { existsSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createDb, type Db } from "../lib/db/client";
import { insertRowsOnSqlite, jsonText, timeText, type Columns, type Value } from "../lib/db/insert-rows";
import { migrateDatabase } from "../lib/db/migrate-database";
import { copyRows, withIndexesBuiltAfter } from "./copy-into-postgres";
import { benchDir, freshDatabase } from "./import-bench";
import { benchSeed, edgeCaseEvery, examplesPerEdgeCase, listEdgeCaseRows, listTraceRows, rngFor, seededId } from "./seed-data";

// Bump when the generated data changes, so a kept database is rebuilt.
const dataVersion = 3;
// Traces per transaction; a multiple of edgeCaseEvery, so a case and its examples land together.
const chunk = 50_000;

const traceColumns: Columns = [
  ["id", "text"], ["projectId", "text"], ["externalId", "text"], ["contentHash", "text"], ["source", "text"], ["environment", "text"], ["runName", "text"],
  ["input", "text"], ["reward", "float"], ["stepCount", "int"], ["openEdgeCases", "int"], ["createdAt", "time"],
];
const stepColumns: Columns = [["traceId", "text"], ["index", "int"], ["type", "text"], ["role", "text"], ["content", "text"]];
const edgeCaseColumns: Columns = [
  ["id", "text"], ["projectId", "text"], ["kind", "text"], ["rule", "text"], ["environment", "text"], ["groupKey", "text"], ["priority", "float"], ["status", "text"],
  ["subjectType", "text"], ["title", "text"], ["explanation", "text"], ["count", "int"], ["createdAt", "time"], ["updatedAt", "time"],
];
const exampleColumns: Columns = [["edgeCaseId", "text"], ["traceId", "text"], ["detail", "json"], ["createdAt", "time"]];

function take<T>(rows: Iterator<T>): T {
  const next = rows.next();
  if (next.done) throw new Error("the data set ran out of rows");
  return next.value;
}

type Batch = Array<[table: string, columns: Columns, rows: Value[][]]>;

/** The data set as batches of rows, each batch one transaction. */
function* batches(projectId: string, traceCount: number): Generator<Batch> {
  const cases = listEdgeCaseRows(traceCount);
  const traces = listTraceRows(traceCount);
  for (let from = 0; from < traceCount; from += chunk) {
    const traceRows: Value[][] = [];
    const stepRows: Value[][] = [];
    const ids: string[] = [];
    for (let i = from; i < Math.min(traceCount, from + chunk); i++) {
      const trace = take(traces);
      ids.push(trace.id);
      traceRows.push([trace.id, projectId, trace.externalId, `h-${i}`, trace.source, trace.environment, trace.runName, trace.input, trace.reward, trace.stepCount, trace.openEdgeCases, timeText(trace.createdAt)]);
      trace.steps.forEach((content, index) => stepRows.push([trace.id, index, "message", index === 0 ? "user" : "assistant", content]));
    }
    const caseRows: Value[][] = [];
    const exampleRows: Value[][] = [];
    for (let k = 0; k < Math.ceil(ids.length / edgeCaseEvery); k++) {
      const edgeCase = take(cases);
      const created = timeText(edgeCase.createdAt);
      caseRows.push([edgeCase.id, projectId, edgeCase.kind, edgeCase.rule, edgeCase.environment, edgeCase.groupKey, edgeCase.priority, "open", "trace", edgeCase.title, "Seeded by the bench.", examplesPerEdgeCase, created, created]);
      for (let e = 0; e < examplesPerEdgeCase && edgeCase.firstTrace + e < from + ids.length; e++) {
        exampleRows.push([edgeCase.id, ids[edgeCase.firstTrace + e - from]!, jsonText({ explanation: `example ${e} of ${edgeCase.groupKey}` }), created]);
      }
    }
    yield [["Trace", traceColumns, traceRows], ["TraceStep", stepColumns, stepRows], ["EdgeCase", edgeCaseColumns, caseRows], ["EdgeCaseExample", exampleColumns, exampleRows]];
  }
}

/** url: what a server started on the data set is given as DATABASE_URL. */
export type ListDatabase = { db: Db; url: string; projectId: string; setup: string };

export async function sqliteListDatabase(traceCount: number): Promise<ListDatabase> {
  const name = `list-${traceCount}-seed${benchSeed}-v${dataVersion}`;
  const file = path.join(benchDir, `${name}.db`);
  const url = `file:${file}`;
  if (existsSync(file)) {
    await migrateDatabase({ root: path.dirname(import.meta.dirname), url }); // a no-op unless a migration was added since
    const db = createDb(url);
    const project = await db.project.findUnique({ where: { slug: name } });
    if (project) return { db, url, projectId: project.id, setup: "kept under data/bench" };
    await db.$disconnect();
  }
  const started = performance.now();
  await freshDatabase(name);
  const db = createDb(url);
  // Named as kept only once the whole data set is in: a build that stops halfway is built again next time.
  const projectId = (await db.project.create({ data: { slug: `${name}-building`, name } })).id;
  await db.$disconnect();
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // A generated data set, rebuilt if it is lost; durability would only slow the build.
  sqlite.pragma("synchronous = OFF");
  // The ids are random, so index inserts land all over the file: a large page cache spares most reads.
  sqlite.pragma("cache_size = -262144");
  for (const batch of batches(projectId, traceCount)) sqlite.transaction(() => batch.forEach(([table, columns, rows]) => insertRowsOnSqlite(sqlite, table, columns, rows)))();
  sqlite.prepare(`UPDATE "Project" SET "slug" = ? WHERE "id" = ?`).run(name, projectId);
  sqlite.exec("ANALYZE");
  sqlite.close();
  return { db: createDb(url), url, projectId, setup: `built in ${((performance.now() - started) / 1000).toFixed(0)} s` };
}

export async function postgresListDatabase(url: string, traceCount: number): Promise<ListDatabase> {
  const slug = `bench-list-${traceCount}-seed${benchSeed}-v${dataVersion}`;
  await migrateDatabase({ root: path.dirname(import.meta.dirname), url });
  const db = createDb(url);
  const kept = await db.project.findUnique({ where: { slug } });
  // The data set goes in as one transaction, so a project under this slug holds all of it.
  if (kept) return { db, url, projectId: kept.id, setup: "kept in the database" };
  const started = performance.now();
  let setup = "";
  const projectId = seededId(rngFor("list-project"));
  await db.project.deleteMany({ where: { id: projectId } });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    // Index builds sort in memory up to this much (the server's default is 64 MB).
    await client.query("SET LOCAL maintenance_work_mem = '1GB'");
    await client.query(`INSERT INTO "Project" ("id", "slug", "name") VALUES ($1, $2, $3)`, [projectId, `${slug}-building`, slug]);
    let loadedAt = 0;
    const load = async () => {
      for (const batch of batches(projectId, traceCount)) for (const [table, columns, rows] of batch) await copyRows(client, table, columns, rows);
      loadedAt = performance.now();
    };
    // Into empty tables (a database of its own), the indexes are built once after the rows are in;
    // beside other data, the rows go into the indexes as they are.
    const { rows } = await client.query<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM "Trace") AND NOT EXISTS (SELECT 1 FROM "EdgeCase") AS "empty"`);
    if (rows[0]?.empty) await withIndexesBuiltAfter(client, ["Trace", "TraceStep", "EdgeCase", "EdgeCaseExample"], load);
    else await load();
    await client.query(`UPDATE "Project" SET "slug" = $1 WHERE "id" = $2`, [slug, projectId]);
    await client.query("COMMIT");
    const committedAt = performance.now();
    // What autovacuum would do in a while: statistics for the planner, and the visibility map that
    // lets the capped counts read their indexes only instead of a heap page a row.
    await client.query(`VACUUM (ANALYZE) "Trace", "TraceStep", "EdgeCase", "EdgeCaseExample"`);
    const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(0);
    setup = `built in ${seconds(started, performance.now())} s (rows ${seconds(started, loadedAt)} s, indexes and commit ${seconds(loadedAt, committedAt)} s, VACUUM ${seconds(committedAt, performance.now())} s)`;
    console.error(`bench: PostgreSQL list data set of ${traceCount.toLocaleString("en")} traces ${setup}`);
  } finally {
    await client.end();
  }
  return { db, url, projectId, setup };
}

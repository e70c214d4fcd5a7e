// Import throughput (traces/s): the product's import of a JSONL file (read, parse, validate, hash,
// store) into SQLite and PostgreSQL, each against raw inserts of the same rows, precomputed, into
// the same schema: better-sqlite3 prepared inserts in one transaction, and pg multi-row INSERTs.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createDb, type Db } from "../lib/db/client";
import { insertRowsOnSqlite, pgTypes, type Columns, type Value } from "../lib/db/insert-rows";
import { migrateDatabase } from "../lib/db/migrate-database";
import { importTraceSource } from "../lib/ingest/import-trace-source";
import { stepColumns, toStepRow, toTraceRow, traceColumns } from "../lib/traces/store-traces";
import type { Trace } from "../lib/traces/trace-schema";
import { figure, perSecond, type Figure } from "./figures";
import { importTraces } from "./seed-data";

const root = path.resolve(import.meta.dirname, "..");
export const benchDir = path.join(root, "data", "bench");

/** A migrated SQLite file under data/bench, emptied first. */
export async function freshDatabase(name: string) {
  mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, `${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  await migrateDatabase({ root, url });
  return { file, url };
}

const createProject = (db: Db) => db.project.create({ data: { slug: `bench-import-${randomUUID().slice(0, 8)}`, name: "bench import" } });

/** The rows the product stores for these traces, made before the clock starts. */
function toRows(projectId: string, traces: Trace[]) {
  const createdAt = new Date();
  const traceRows: Value[][] = [];
  const stepRows: Value[][] = [];
  for (const trace of traces) {
    const id = randomUUID();
    traceRows.push(toTraceRow({ id, projectId, externalId: trace.externalId!, trace, createdAt }));
    trace.steps.forEach((step, index) => stepRows.push(toStepRow(id, index, step)));
  }
  return { traceRows, stepRows };
}

async function expectStored(db: Db, projectId: string, traces: number, steps: number, what: string) {
  const [storedTraces, storedSteps] = await Promise.all([db.trace.count({ where: { projectId } }), db.traceStep.count({ where: { trace: { projectId } } })]);
  if (storedTraces !== traces || storedSteps !== steps) throw new Error(`${what} stored ${storedTraces} traces and ${storedSteps} steps of ${traces} and ${steps}`);
}

/** Imports the JSONL file through the product and returns the elapsed ms, after checking every trace and step landed. */
async function timeProductImport(db: Db, projectId: string, file: string, traces: Trace[], what: string) {
  const started = performance.now();
  const result = await importTraceSource(db, { projectId, input: { path: file } });
  const ms = performance.now() - started;
  if (result.accepted !== traces.length) throw new Error(`${what}: accepted ${result.accepted} of ${traces.length}`);
  await expectStored(db, projectId, traces.length, traces.length * 10, what);
  return ms;
}

async function benchSqlite(file: string, traces: Trace[]): Promise<Figure> {
  const product = await freshDatabase("import-product");
  const db = createDb(product.url);
  const productMs = await timeProductImport(db, (await createProject(db)).id, file, traces, "SQLite import");
  await db.$disconnect();

  const raw = await freshDatabase("import-raw");
  const rawDb = createDb(raw.url);
  const projectId = (await createProject(rawDb)).id;
  await rawDb.$disconnect();
  const { traceRows, stepRows } = toRows(projectId, traces);
  const sqlite = new Database(raw.file);
  // The product's durability (lib/db/client.ts).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const started = performance.now();
  sqlite.transaction(() => {
    insertRowsOnSqlite(sqlite, "Trace", traceColumns, traceRows);
    insertRowsOnSqlite(sqlite, "TraceStep", stepColumns, stepRows);
  })();
  const rawMs = performance.now() - started;
  sqlite.close();
  const check = createDb(raw.url);
  await expectStored(check, projectId, traces.length, stepRows.length, "raw better-sqlite3");
  await check.$disconnect();

  return figure(
    "import",
    `import ${traces.length.toLocaleString("en")} ten-step traces, JSONL file, SQLite`,
    perSecond(traces.length, productMs, "traces/s"),
    { name: "raw better-sqlite3 prepared inserts, one transaction", ...perSecond(traces.length, rawMs, "traces/s") },
    `${(productMs / 1000).toFixed(1)} s vs ${(rawMs / 1000).toFixed(1)} s; raw rows precomputed (no parsing, validation, hashing)`,
  );
}

// PostgreSQL takes at most 65,535 bound parameters per statement.
const maxParameters = 65_535;

export async function insertRawPg(client: pg.Client, table: string, columns: Columns, rows: Value[][]) {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const perStatement = Math.floor(maxParameters / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const tuples = chunk.map((_, r) => `(${columns.map(([, type], c) => `$${r * columns.length + c + 1}::${pgTypes[type]}`).join(", ")})`);
    await client.query(`INSERT INTO "${table}" (${names}) VALUES ${tuples.join(", ")}`, chunk.flat());
  }
}

async function benchPostgres(url: string, file: string, traces: Trace[]): Promise<Figure> {
  await migrateDatabase({ root, url });
  const db = createDb(url);
  const projects = [await createProject(db), await createProject(db)];
  try {
    const productMs = await timeProductImport(db, projects[0]!.id, file, traces, "PostgreSQL import");
    const { traceRows, stepRows } = toRows(projects[1]!.id, traces);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    await client.query("BEGIN");
    await insertRawPg(client, "Trace", traceColumns, traceRows);
    await insertRawPg(client, "TraceStep", stepColumns, stepRows);
    await client.query("COMMIT");
    const rawMs = performance.now() - started;
    await client.end();
    await expectStored(db, projects[1]!.id, traces.length, stepRows.length, "raw pg");
    return figure(
      "import",
      `import ${traces.length.toLocaleString("en")} ten-step traces, JSONL file, PostgreSQL`,
      perSecond(traces.length, productMs, "traces/s"),
      { name: "raw pg multi-row INSERTs, one transaction", ...perSecond(traces.length, rawMs, "traces/s") },
      `${(productMs / 1000).toFixed(1)} s vs ${(rawMs / 1000).toFixed(1)} s; raw rows precomputed (no parsing, validation, hashing)`,
    );
  } finally {
    await db.project.deleteMany({ where: { id: { in: projects.map((project) => project.id) } } });
    await db.$disconnect();
  }
}

export async function benchImport({ count, postgresUrl }: { count: number; postgresUrl?: string }): Promise<Figure[]> {
  const traces = importTraces(count);
  mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, "import.jsonl");
  writeFileSync(file, traces.map((trace) => JSON.stringify(trace)).join("\n"));
  const figures = [await benchSqlite(file, traces)];
  if (postgresUrl) figures.push(await benchPostgres(postgresUrl, file, traces));
  return figures;
}

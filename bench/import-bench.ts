// Import throughput (traces/s) through importTraces vs raw better-sqlite3 inserts of the same rows,
// and /traces list query times at a million traces. Each part uses its own fresh SQLite file.
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createDb } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate-database";
import { importTraceSource } from "../lib/ingest/import-trace-source";
import { hashTrace } from "../lib/ingest/hash-trace";
import { listTraces } from "../lib/traces/list-traces";
import { traceListQuerySchema } from "../lib/traces/trace-list-query";
import { traceSchema, type Trace } from "../lib/traces/trace-schema";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.join(root, "data", "bench");

export type BenchRow = { name: string; value: string; note?: string };

export async function freshDatabase(name: string) {
  mkdirSync(benchDir, { recursive: true });
  const file = path.join(benchDir, `${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  await migrateDatabase({ root, url });
  return { file, url };
}

function makeTrace(i: number): Trace {
  return traceSchema.parse({
    externalId: `bench-${i}`,
    source: i % 3 === 0 ? "rollout" : "production",
    environment: ["airline", "retail", "telecom"][i % 3],
    task: `task-${i % 500}`,
    input: `Customer ${i} asks to change a booking`,
    output: `Done for customer ${i}`,
    outcome: { reward: (i % 100) / 100, success: i % 2 === 0 },
    steps: Array.from({ length: 10 }, (_, s) =>
      s % 3 === 1
        ? { type: "tool_call", role: "assistant", name: "lookup", arguments: { id: i, step: s }, result: { ok: true }, latencyMs: 12 }
        : { role: s % 3 === 0 ? "user" : "assistant", content: `message ${s} of trace ${i}: ${"lorem ipsum ".repeat(8)}`, tokensIn: 40, tokensOut: 20 },
    ),
  });
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);

export async function benchImport(traceCount: number): Promise<BenchRow[]> {
  const traces = Array.from({ length: traceCount }, (_, i) => makeTrace(i));
  const jsonl = path.join(benchDir, "import.jsonl");
  mkdirSync(benchDir, { recursive: true });
  writeFileSync(jsonl, traces.map((trace) => JSON.stringify(trace)).join("\n"));

  // The product path: stream the JSONL file, validate, hash, store in batches.
  const lib = await freshDatabase("import-lib");
  const db = createDb(lib.url);
  const project = await db.project.create({ data: { slug: "bench", name: "bench" } });
  let started = performance.now();
  const result = await importTraceSource(db, { projectId: project.id, input: { path: jsonl } });
  const libMs = performance.now() - started;
  await db.$disconnect();
  if (result.accepted !== traceCount) throw new Error(`imported ${result.accepted} of ${traceCount}`);

  // The floor: the same rows, precomputed, with prepared statements in large transactions.
  const raw = await freshDatabase("import-raw");
  const sqlite = new Database(raw.file);
  // The same durability as the product's connections (lib/db/client.ts).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const projectId = randomUUID();
  sqlite.prepare("INSERT INTO Project (id, slug, name, createdAt) VALUES (?, ?, ?, ?)").run(projectId, "bench", "bench", Date.now());
  const rows = traces.map((trace) => ({ id: randomUUID(), trace, hash: hashTrace(trace) }));
  const insertTrace = sqlite.prepare(
    "INSERT INTO Trace (id, projectId, externalId, contentHash, source, environment, task, input, output, reward, success, stepCount, totalTokens, openEdgeCases, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)",
  );
  const insertStep = sqlite.prepare(
    "INSERT INTO TraceStep (id, traceId, [index], type, role, content, toolName, arguments, result, tokensIn, tokensOut, latencyMs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertAll = sqlite.transaction((batch: typeof rows) => {
    for (const { id, trace, hash } of batch) {
      const tokens = trace.steps.reduce((sum, step) => sum + (step.tokensIn ?? 0) + (step.tokensOut ?? 0), 0);
      insertTrace.run(id, projectId, trace.externalId, hash, trace.source, trace.environment, trace.task, trace.input, trace.output, trace.outcome?.reward, trace.outcome?.success ? 1 : 0, trace.steps.length, tokens, Date.now());
      trace.steps.forEach((step, index) =>
        insertStep.run(randomUUID(), id, index, step.type, step.role, step.content ?? null, step.name ?? null, step.arguments === undefined ? null : JSON.stringify(step.arguments), step.result === undefined ? null : JSON.stringify(step.result), step.tokensIn ?? null, step.tokensOut ?? null, step.latencyMs ?? null),
      );
    }
  });
  started = performance.now();
  for (let i = 0; i < rows.length; i += 1000) insertAll(rows.slice(i, i + 1000));
  const rawMs = performance.now() - started;
  sqlite.close();

  const libRate = rate(traceCount, libMs);
  const rawRate = rate(traceCount, rawMs);
  return [
    { name: `import ${traceCount.toLocaleString("en")} ten-step traces (importTraces, JSONL file)`, value: `${libRate.toLocaleString("en")} traces/s`, note: `${(libMs / 1000).toFixed(1)} s` },
    { name: "same rows, raw better-sqlite3 prepared inserts", value: `${rawRate.toLocaleString("en")} traces/s`, note: `${(rawMs / 1000).toFixed(1)} s` },
    { name: "importTraces / raw", value: `${(libRate / rawRate).toFixed(3)}`, note: "raw excludes parsing, validation and hashing" },
  ];
}

// Bump when the generated list database changes, so a cached one is rebuilt.
const listDataVersion = 2;

/** The 1M-trace database for the list bench, built with raw inserts and kept under data/bench. */
async function listDatabase(traceCount: number) {
  const name = `list-${traceCount}-v${listDataVersion}`;
  const file = path.join(benchDir, `${name}.db`);
  const url = `file:${file}`;
  if (existsSync(file)) {
    await migrateDatabase({ root, url }); // a no-op unless a migration was added since
    const sqlite = new Database(file);
    const row = sqlite.prepare("SELECT id FROM Project WHERE slug = 'bench'").get() as { id: string } | undefined;
    sqlite.close();
    if (row) return { url, projectId: row.id, cached: true };
  }
  await freshDatabase(name);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = OFF");
  const projectId = randomUUID();
  sqlite.prepare("INSERT INTO Project (id, slug, name, createdAt) VALUES (?, ?, ?, ?)").run(projectId, "bench", "bench", new Date().toISOString().replace("Z", "+00:00"));
  const insert = sqlite.prepare(
    "INSERT INTO Trace (id, projectId, externalId, contentHash, source, environment, runName, input, reward, stepCount, totalTokens, openEdgeCases, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
  );
  const insertStep = sqlite.prepare("INSERT INTO TraceStep (id, traceId, [index], type, role, content) VALUES (?, ?, ?, 'message', ?, ?)");
  // A second apart, the newest now; as Prisma writes DateTime on SQLite.
  const base = Date.now() - traceCount * 1000;
  const insertMany = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = randomUUID();
      const createdAt = new Date(base + i * 1000).toISOString().replace("Z", "+00:00");
      insert.run(id, projectId, `t-${i}`, `h-${i}`, i % 3 === 0 ? "rollout" : "production", ["airline", "retail", "telecom"][i % 3], `run-${i % 200}`, `question ${i}`, i % 10 === 0 ? null : (i % 100) / 100, (i % 40) + 1, i % 997 === 0 ? 1 : 0, createdAt);
      insertStep.run(randomUUID(), id, 0, "user", `Customer ${i} wants a refund for order ${i * 7}`);
      insertStep.run(randomUUID(), id, 1, "assistant", `Looking up order ${i * 7} in the Booking System`);
    }
  });
  for (let i = 0; i < traceCount; i += 50_000) insertMany(i, Math.min(traceCount, i + 50_000));
  sqlite.exec("ANALYZE");
  sqlite.close();
  return { url, projectId, cached: false };
}

export async function benchList(traceCount: number): Promise<BenchRow[]> {
  const started = performance.now();
  const { url, projectId, cached } = await listDatabase(traceCount);
  const setupNote = cached ? "cached under data/bench" : `built in ${((performance.now() - started) / 1000).toFixed(0)} s`;
  const day = (offsetDays: number) => new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);
  const db = createDb(url);
  const cases: [string, Record<string, string>][] = [
    ["newest first, page 1", {}],
    ["oldest first", { dir: "asc" }],
    ["environment filter", { environment: "retail" }],
    ["source filter", { source: "rollout" }],
    ["run filter (name)", { run: "run-17" }],
    ["reward desc", { sort: "reward" }],
    ["reward asc", { sort: "reward", dir: "asc" }],
    ["steps desc", { sort: "stepCount" }],
    ["steps asc", { sort: "stepCount", dir: "asc" }],
    ["reward range + source", { rewardMin: "0.2", rewardMax: "0.4", source: "rollout" }],
    ["open edge case", { hasOpenEdgeCase: "1" }],
    ["date range (2 days, a week back)", { from: day(8), to: day(7) }],
    ["free text in input, no match", { q: "question 999999x" }],
    ["free text in step content, any case", { q: "booking system" }],
    ["free text + date range", { q: "REFUND", from: day(8), to: day(7) }],
  ];
  const rows: BenchRow[] = [{ name: `/traces list database, ${traceCount.toLocaleString("en")} traces (2 steps each)`, value: "", note: setupNote }];
  await listTraces(db, { projectId, query: traceListQuerySchema.parse({}) }); // warm up
  for (const [name, params] of cases) {
    const query = traceListQuerySchema.parse(params);
    let started = performance.now();
    const first = await listTraces(db, { projectId, query });
    const firstMs = performance.now() - started;
    started = performance.now();
    if (first.nextCursor) await listTraces(db, { projectId, query: { ...query, cursor: first.nextCursor } });
    const nextMs = performance.now() - started;
    const total = `${first.total.toLocaleString("en")}${first.totalIsLowerBound ? "+" : ""}`;
    rows.push({ name: `/traces at ${traceCount.toLocaleString("en")}: ${name}`, value: `${firstMs.toFixed(0)} ms`, note: `next page ${nextMs.toFixed(0)} ms; ${total} match (count included${first.searchedNewest ? `, text within newest ${first.searchedNewest.toLocaleString("en")}` : ""})` });
  }
  await db.$disconnect();
  return rows;
}

// The reward store's SQLite write alone, TraceStep and ItemResult as WITHOUT ROWID tables against
// the same tables with a rowid (as migrated), or TABLES_VARIANTS (e.g.
// "rowid:;results:ItemResult;cache::cache_size=-65536", name:tables without rowid[:pragmas set on its
// connection], each a file of its own), batch by batch alternated
// in one process: CPU ms of storeScoredRollouts for 1,024 rollouts; then the readers of steps and
// results, alternated the same way: a trace's steps (the trace page), a run step's tool calls and
// item answers (the run's step metrics), and a free-text search through every step's content (the
// /traces text filter on SQLite). Not part of `npm run bench`:
//   npx tsx bench/reward-sqlite-tables.ts
//   TABLES_BATCHES timed batches of each (default 24), TABLES_PREFILL untimed batches first (default 8),
//   TABLES_STEP_BYTES pads each step's content to this many characters (default: the bench's rollout, ~60),
//   TABLES_ATTRIBUTE=1 prints the CPU ms a batch each statement's run() took (which table's INSERT).
import { rmSync } from "node:fs";
import path from "node:path";
import { compileRubric } from "../lib/checks/evaluate-rubric";
import type { Rubric } from "../lib/checks/rubric-item-schema";
import { createDb, findSqliteConnection } from "../lib/db/client";
import { ensureDatabaseReady } from "../lib/db/ensure-database-ready";
import { rolloutSchema, type Rollout } from "../lib/reward/reward-request-schema";
import { rolloutToTrace } from "../lib/reward/rollout-to-trace";
import { storeScoredRollouts, type ScoredRollout } from "../lib/reward/store-scored-rollouts";
import { listTraceSteps } from "../lib/traces/list-trace-steps";
import { hashTraceAndScored } from "../lib/traces/hash-trace";
import { rewardBenchItems, rewardBenchRollout, seedRewardBench } from "./reward-throughput";

const root = path.resolve(import.meta.dirname, "..");
const batches = Number(process.env.TABLES_BATCHES ?? 24);
const prefill = Number(process.env.TABLES_PREFILL ?? 8);
const stepBytes = Number(process.env.TABLES_STEP_BYTES ?? 0);
// TraceStep and ItemResult rebuilt WITHOUT ROWID, keeping their rows, key, index and foreign key, as
// a migration would (the tried 0060, not kept: docs/performance.md, "SQLite tables without rowid").
const migration = `
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TraceStep" (
    "traceId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "content" TEXT,
    "reasoning" TEXT,
    "toolName" TEXT,
    "toolCallId" TEXT,
    "arguments" JSONB,
    "result" JSONB,
    "error" TEXT,
    "tokensIn" INTEGER,
    "tokensOut" INTEGER,
    "latencyMs" REAL,
    "startedAt" DATETIME,
    "metadata" JSONB,

    PRIMARY KEY ("traceId", "index"),
    CONSTRAINT "TraceStep_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
INSERT INTO "new_TraceStep" ("arguments", "content", "error", "index", "latencyMs", "metadata", "reasoning", "result", "role", "startedAt", "toolCallId", "toolName", "tokensIn", "tokensOut", "traceId", "type") SELECT "arguments", "content", "error", "index", "latencyMs", "metadata", "reasoning", "result", "role", "startedAt", "toolCallId", "toolName", "tokensIn", "tokensOut", "traceId", "type" FROM "TraceStep" ORDER BY "traceId", "index";
DROP TABLE "TraceStep";
ALTER TABLE "new_TraceStep" RENAME TO "TraceStep";
CREATE TABLE "new_ItemResult" (
    "traceId" TEXT NOT NULL,
    "rubricItemId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "evidence" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("traceId", "rubricItemId"),
    CONSTRAINT "ItemResult_traceId_fkey" FOREIGN KEY ("traceId") REFERENCES "Trace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
INSERT INTO "new_ItemResult" ("answer", "createdAt", "evidence", "projectId", "rubricItemId", "traceId") SELECT "answer", "createdAt", "evidence", "projectId", "rubricItemId", "traceId" FROM "ItemResult" ORDER BY "traceId", "rubricItemId";
DROP TABLE "ItemResult";
ALTER TABLE "new_ItemResult" RENAME TO "ItemResult";
CREATE INDEX "ItemResult_rubricItemId_idx" ON "ItemResult"("rubricItemId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
`;

// The rebuild with WITHOUT ROWID kept only for `tables` (its CREATE TABLEs are TraceStep's, then ItemResult's).
function rebuildFor(tables: string[]) {
  let n = 0;
  return migration.replaceAll(") WITHOUT ROWID;", () => (tables.includes(["TraceStep", "ItemResult"][n++]!) ? ") WITHOUT ROWID;" : ");"));
}

async function open(name: string, withoutRowid: string[], pragmas: string[]) {
  const file = path.join(root, "data", "bench", `reward-tables-${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  await ensureDatabaseReady({ root, url });
  const db = createDb(url);
  const connection = (await findSqliteConnection(db))!;
  // The same rebuild, without rowid only where asked: with none, the tables as 0058 and 0059 left them.
  connection.exec(rebuildFor(withoutRowid));
  // A "pragma" starting with DROP is run as it is (DROP INDEX ...: what an index costs the store).
  for (const pragma of pragmas)
    if (pragma.startsWith("DROP")) connection.exec(pragma);
    else connection.pragma(pragma);
  if (process.env.TABLES_ATTRIBUTE) attribute(name, connection);
  const shape = connection.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE sql LIKE '%WITHOUT ROWID%'`).get() as { n: number | bigint };
  const { projectId } = await seedRewardBench(db);
  const version = await db.rubricVersion.findFirstOrThrow({ where: { rubric: { projectId } }, include: { items: true } });
  return { name, db, connection, projectId, itemIds: new Map(version.items.map((item) => [item.key, item.id])), withoutRowidTables: Number(shape.n) };
}

// Each prepared statement's run() and all() timed by its SQL's start: the INSERT of each table, the lookup.
const spent = new Map<string, number>();
function attribute(name: string, connection: import("better-sqlite3").Database) {
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((source: string) => {
    const statement = prepare(source);
    const label = `${name}: ${source.slice(0, 30).replace(/\s+/g, " ")}${source.includes("json_each") ? " (the lookup)" : ""}`;
    for (const method of ["run", "all"] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const started = process.cpuUsage();
        try {
          return original(...args);
        } finally {
          const used = process.cpuUsage(started);
          spent.set(label, (spent.get(label) ?? 0) + (used.user + used.system) / 1000);
        }
      };
    }
    return statement;
  }) as typeof connection.prepare;
}

const rubric = { hackMode: "zero", items: rewardBenchItems.map((item) => ({ weight: 1, ...item })) } as Rubric;
const evaluate = compileRubric(rubric);
const pad = (text: unknown) => (stepBytes > 0 && typeof text === "string" ? text.padEnd(stepBytes, " lorem ipsum") : text);
function batch(step: number): ScoredRollout[] {
  return Array.from({ length: 1024 }, (_, i) => {
    const raw = { ...rewardBenchRollout(step, i), run: "tables-bench" };
    const rollout = rolloutSchema.parse({ ...raw, messages: raw.messages.map((m) => ({ ...m, content: pad(m.content) })) }) as Rollout;
    const trace = rolloutToTrace(rollout, { environment: "bench" });
    const scored = evaluate(trace);
    const outcome = { ...trace.outcome, reward: scored.reward };
    const { hash, scoredHash } = hashTraceAndScored(trace, outcome);
    return { trace: { ...trace, outcome }, results: scored.results, externalId: `rollout:${hash}`, contentHash: scoredHash };
  });
}

const variants = (process.env.TABLES_VARIANTS ?? "rowid:;without-rowid:TraceStep,ItemResult")
  .split(";")
  .map((variant) => variant.split(":") as [string, string, string?]);
const targets: Array<Awaited<ReturnType<typeof open>>> = [];
for (const [name, tables, pragmas = ""] of variants) targets.push(await open(name, tables.split(",").filter(Boolean), pragmas.split(",").filter(Boolean)));
const cpu: Record<string, number[]> = Object.fromEntries(targets.map(({ name }) => [name, []]));
const wall: Record<string, number[]> = Object.fromEntries(targets.map(({ name }) => [name, []]));
for (let b = 0; b < prefill + batches; b++) {
  const rollouts = batch(b);
  // Alternate which goes first, so neither always follows the other's garbage.
  for (const target of b % 2 === 0 ? targets : [...targets].reverse()) {
    const started = process.cpuUsage();
    const wallStarted = performance.now();
    const stored = await storeScoredRollouts(target.db, { projectId: target.projectId, itemIds: target.itemIds, rollouts });
    const used = process.cpuUsage(started);
    if (b >= prefill) wall[target.name]!.push(performance.now() - wallStarted);
    if (stored.accepted !== 1024) throw new Error(`${target.name}: ${stored.accepted} of 1,024 stored`);
    if (b >= prefill) cpu[target.name]!.push((used.user + used.system) / 1000);
    if (b === prefill + batches - 1 && process.env.TABLES_ATTRIBUTE) {
      for (const [label, ms] of spent)
        if (label.startsWith(`${target.name}: `) && /INSERT INTO "|lookup/.test(label))
          console.log(`${label}: ${(ms / (prefill + batches)).toFixed(1)} ms a batch`);
    }
  }
}
// The readers, each timed in wall ms (one process, nothing else running in it) over the same inputs on both files.
const traceIdsOf = new Map<string, string[]>();
for (const target of targets) {
  const rows = await target.db.trace.findMany({ where: { projectId: target.projectId }, select: { id: true }, orderBy: { id: "asc" } });
  traceIdsOf.set(
    target.name,
    rows.map(({ id }) => id),
  );
}
const reads: Array<[string, (target: (typeof targets)[number], round: number) => Promise<unknown>]> = [
  [
    "a trace's steps x200",
    async (target, round) => {
      const ids = traceIdsOf.get(target.name)!;
      for (let k = 0; k < 200; k++) await listTraceSteps(target.db, { projectId: target.projectId, traceId: ids[(k * 7919 + round * 104729) % ids.length]! });
    },
  ],
  [
    "a run step's tools and answers",
    async (target, round) => {
      const run = await target.db.trainingRun.findFirstOrThrow({ where: { projectId: target.projectId, name: "tables-bench" } });
      const where = { runId: run.id, step: (round % (prefill + batches)) as number, source: "rollout" };
      await Promise.all([
        target.db.traceStep.groupBy({ by: ["toolName"], where: { type: "tool_call", trace: where }, _count: { _all: true } }),
        target.db.itemResult.groupBy({ by: ["rubricItemId", "answer"], where: { trace: where, answer: { in: ["yes", "no"] } }, _count: { _all: true } }),
      ]);
    },
  ],
  [
    "free text through all steps",
    (target) => target.db.trace.count({ where: { projectId: target.projectId, steps: { some: { content: { contains: "no such words" } } } } }),
  ],
];
const readMs: Record<string, Record<string, number[]>> = {};
for (let round = 0; round < 5; round++) {
  for (const [name, read] of reads) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const started = performance.now();
      await read(target, round);
      ((readMs[name] ??= {})[target.name] ??= []).push(performance.now() - started);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
for (const target of targets) {
  const pages = Number(target.connection.pragma("page_count", { simple: true }));
  const values = cpu[target.name]!;
  console.log(
    `${target.name.padEnd(14)} (${target.withoutRowidTables} tables without rowid): ${batches} batches of 1,024 after ${prefill}, store CPU median ${median(values).toFixed(1)} ms, mean ${mean(values).toFixed(1)} ms, wall mean ${mean(wall[target.name]!).toFixed(1)} ms; file ${((pages * 4096) / 1e6).toFixed(1)} MB`,
  );
  for (const [name] of reads) console.log(`  ${name.padEnd(32)} median ${median(readMs[name]![target.name]!).toFixed(1)} ms over 5`);
  await target.db.$disconnect();
}

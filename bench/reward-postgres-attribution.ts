// Where a reward batch's time goes on PostgreSQL: the same 1,024-rollout batches stored by
// storeScoredRollouts into a scratch copy of Trace, TraceStep and ItemResult (schema "scratch" of the
// database given, prefilled with the same rows), once per variant: as migrated, without the trigram
// index, with its GIN options changed, without each secondary index in turn, without foreign keys,
// with synchronous_commit off. Each variant is timed as wall
// time per batch and the CPU time of the database server's backends (from /proc, so the server must
// run on this machine). The public schema's tables are not touched. Not part of `npm run bench`:
//   ATTRIBUTION_DATABASE_URL=postgresql://... npx tsx bench/reward-postgres-attribution.ts
//   ATTRIBUTION_PREFILL (traces already stored, default 20,480), ATTRIBUTION_BATCHES (timed, default 8),
//   ATTRIBUTION_BATCH_SIZE (rollouts a batch, default 1,024), ATTRIBUTION_VARIANTS (names separated by
//   semicolons, default all).
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb } from "../lib/db/client";
import { ensureDatabaseReady } from "../lib/db/ensure-database-ready";
import { compileTraceScorer } from "../lib/checks/score-traces";
import { hashTraceAndScored } from "../lib/traces/hash-trace";
import { resolveRewardVersion } from "../lib/reward/resolve-reward-version";
import { rolloutSchema } from "../lib/reward/reward-request-schema";
import { rolloutToTrace } from "../lib/reward/rollout-to-trace";
import { storeScoredRollouts, type ScoredRollout } from "../lib/reward/store-scored-rollouts";
import { processCpuMs } from "./process-cpu";
import { rewardBenchRollout, seedRewardBench } from "./reward-throughput";

const root = path.resolve(import.meta.dirname, "..");
const url = process.env.ATTRIBUTION_DATABASE_URL;
if (!url?.startsWith("postgres")) throw new Error("ATTRIBUTION_DATABASE_URL must name a PostgreSQL database");
const prefill = Number(process.env.ATTRIBUTION_PREFILL ?? 20_480);
const timed = Number(process.env.ATTRIBUTION_BATCHES ?? 8);
// Rollouts per timed batch: 1,024 is the bench's batch; a few dozen is what the group commit of
// single-rollout requests at concurrency 64 writes at once.
const batchSize = Number(process.env.ATTRIBUTION_BATCH_SIZE ?? 1024);
const tables = ["Trace", "TraceStep", "ItemResult"] as const;

type Variant = {
  name: string;
  /** Index names of the public schema left out of the scratch copy. */
  dropIndexes?: string[];
  /** Statements run on the scratch schema after its indexes are built. */
  alter?: string[];
  /** Foreign keys left out: all of them, or these by name. */
  noForeignKeys?: true | string[];
  /** Session settings of the storing connections. */
  settings?: Record<string, string>;
  /** The batch stored as this many parts at once, each on its own connection (split by externalId). */
  parts?: number;
};

await ensureDatabaseReady({ root, url });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const publicDb = createDb(url);
const { projectId } = await seedRewardBench(publicDb);
const version = await resolveRewardVersion(publicDb, { projectId, environment: "bench" });
const scorer = compileTraceScorer(version.rubric);
const firstStep = Math.floor(Date.now() / 1000) % 1_000_000_000;

async function scoredBatch(step: number, size = 1024): Promise<ScoredRollout[]> {
  const traces = Array.from({ length: size }, (_, i) => rolloutToTrace(rolloutSchema.parse(rewardBenchRollout(step, i)), { environment: "bench" }));
  const scored = await scorer(traces);
  return traces.map((trace, i) => {
    const outcome = { ...trace.outcome, reward: scored[i]!.reward };
    const { hash, scoredHash } = hashTraceAndScored(trace, outcome);
    return { trace: { ...trace, outcome }, results: scored[i]!.results, externalId: `rollout:${hash}`, contentHash: scoredHash };
  });
}

const indexes = (await admin.query<{ tablename: string; indexname: string; indexdef: string }>(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)`, [tables])).rows;
const foreignKeys = (
  await admin.query<{ table: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS "table", conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1)`,
    [tables.map((table) => `"${table}"`)],
  )
).rows;

// The template: the public tables' columns and the prefill rows, built once; each variant copies it.
await admin.query(`DROP SCHEMA IF EXISTS scratch_template CASCADE; CREATE SCHEMA scratch_template`);
for (const table of tables) await admin.query(`CREATE TABLE scratch_template."${table}" (LIKE public."${table}" INCLUDING DEFAULTS)`);
await admin.query(`CREATE UNIQUE INDEX ON scratch_template."Trace" ("projectId", "externalId"); CREATE UNIQUE INDEX ON scratch_template."ItemResult" ("traceId", "rubricItemId")`);
const templateDb = createDb(withSearchPath(url, "scratch_template"));
for (let done = 0; done < prefill; done += 1024) await storeScoredRollouts(templateDb, { projectId, itemIds: version.itemIds, rollouts: await scoredBatch(firstStep + done / 1024) });
await templateDb.$disconnect();

// The timed batches, scored ahead so only the store is timed; the same for every variant.
const batches: ScoredRollout[][] = [];
for (let b = 0; b < timed + 1; b++) batches.push(await scoredBatch(firstStep + 100_000 + b, batchSize));

// The lookup of stored externalIds needs this; ItemResult's ON CONFLICT its primary key.
const storeUses = ["Trace_projectId_externalId_key"];
const variants: Variant[] = [
  { name: "as migrated" },
  { name: "no trigram index", dropIndexes: ["TraceStep_content_trgm_idx"] },
  { name: "trigram fastupdate off", alter: [`ALTER INDEX scratch."TraceStep_content_trgm_idx" SET (fastupdate = off)`] },
  { name: "trigram pending list 64 MB", alter: [`ALTER INDEX scratch."TraceStep_content_trgm_idx" SET (gin_pending_list_limit = 65536)`] },
  { name: "no foreign keys", noForeignKeys: true },
  ...foreignKeys.map(({ name }) => ({ name: `no ${name}`, noForeignKeys: [name] })),
  { name: "no ItemResult_projectId_fkey nor ItemResult_rubricItemId_fkey", noForeignKeys: ["ItemResult_projectId_fkey", "ItemResult_rubricItemId_fkey"] },
  // What migration 0057 dropped, for before/after runs on a database migrated past it.
  {
    name: "with the keys 0057 dropped",
    alter: [
      `ALTER TABLE scratch."ItemResult" ADD CONSTRAINT "ItemResult_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES public."Project"(id) ON UPDATE CASCADE ON DELETE CASCADE`,
      `ALTER TABLE scratch."ItemResult" ADD CONSTRAINT "ItemResult_rubricItemId_fkey" FOREIGN KEY ("rubricItemId") REFERENCES public."RubricItem"(id) ON UPDATE CASCADE ON DELETE CASCADE`,
    ],
  },
  // Migration 0058's key the other way round: the pair led by the item (as the unique key before it),
  // and an index on traceId for the readers by trace.
  {
    name: "key (rubricItemId, traceId) and a traceId index",
    dropIndexes: ["ItemResult_pkey", "ItemResult_rubricItemId_idx"],
    alter: [`CREATE UNIQUE INDEX ON scratch."ItemResult" ("rubricItemId", "traceId")`, `CREATE INDEX ON scratch."ItemResult" ("traceId")`],
  },
  { name: "synchronous_commit off", settings: { synchronous_commit: "off" } },
  { name: "two parts at once", parts: 2 },
  { name: "only the primary keys and the unique key the store uses", dropIndexes: indexes.map(({ indexname }) => indexname).filter((name) => !name.endsWith("_pkey") && !storeUses.includes(name)) },
  ...indexes.filter(({ indexname, indexdef }) => !indexdef.startsWith("CREATE UNIQUE") && indexname !== "TraceStep_content_trgm_idx").map(({ indexname }) => ({ name: `no ${indexname}`, dropIndexes: [indexname] })),
  { name: "as migrated, again" },
];
const chosen = process.env.ATTRIBUTION_VARIANTS?.split(";").map((name) => name.trim());

console.log(`prefill ${prefill.toLocaleString("en")} traces, ${timed} timed batches of ${batchSize.toLocaleString("en")} rollouts; load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
console.log(`| variant | wall ms a batch (median) | wall ms a batch (mean) | server CPU ms a batch (mean) | server CPU ms a batch (median / max) | this process's CPU ms a batch | rollouts/s | MultiXact SLRU pages read or hit a batch |`);
console.log(`| --- | --: | --: | --: | --: | --: | --: | --: |`);
try {
  for (const variant of variants.filter(({ name }) => !chosen || chosen.includes(name))) await runVariant(variant);
} finally {
  await admin.query(`DROP SCHEMA IF EXISTS scratch CASCADE; DROP SCHEMA IF EXISTS scratch_template CASCADE`);
  await admin.end();
  await publicDb.$disconnect();
}

async function runVariant(variant: Variant) {
  await admin.query(`DROP SCHEMA IF EXISTS scratch CASCADE; CREATE SCHEMA scratch`);
  for (const table of tables) await admin.query(`CREATE TABLE scratch."${table}" (LIKE public."${table}" INCLUDING DEFAULTS); INSERT INTO scratch."${table}" SELECT * FROM scratch_template."${table}"`);
  for (const { indexname, indexdef } of indexes) {
    if (variant.dropIndexes?.includes(indexname)) continue;
    await admin.query(indexdef.replace(/ ON public\./, " ON scratch."));
  }
  for (const { table, name, def } of foreignKeys) {
    if (variant.noForeignKeys === true || variant.noForeignKeys?.includes(name)) continue;
    {
      const target = /REFERENCES "(Trace)"/.test(def) ? def.replace(/REFERENCES "Trace"/, `REFERENCES scratch."Trace"`) : def.replace(/REFERENCES "/, `REFERENCES public."`);
      await admin.query(`ALTER TABLE scratch.${table} ADD CONSTRAINT "${name}" ${target}`);
    }
  }
  for (const statement of variant.alter ?? []) await admin.query(statement);
  await admin.query(`ANALYZE scratch."Trace"; ANALYZE scratch."TraceStep"; ANALYZE scratch."ItemResult"; CHECKPOINT`).catch(() => admin.query(`ANALYZE scratch."Trace"; ANALYZE scratch."TraceStep"; ANALYZE scratch."ItemResult"`));

  const db = createDb(withSearchPath(url!, "scratch", variant.settings));
  try {
    await storeScoredRollouts(db, { projectId, itemIds: version.itemIds, rollouts: batches[0]! }); // warm-up: connection, plans
    const multiBefore = await multiXactPageAccesses();
    const nodeBefore = process.cpuUsage();
    const walls: number[] = [];
    const cpus: number[] = [];
    let cpuBefore = await serverCpuMs();
    for (const batch of batches.slice(1)) {
      const started = performance.now();
      const parts = Array.from({ length: variant.parts ?? 1 }, (_, p) => batch.filter((_, i) => i % (variant.parts ?? 1) === p));
      const stored = await Promise.all(parts.map((part) => storeScoredRollouts(db, { projectId, itemIds: version.itemIds, rollouts: part })));
      walls.push(performance.now() - started);
      const cpuAfter = await serverCpuMs();
      cpus.push(cpuGrowth(cpuBefore, cpuAfter));
      cpuBefore = cpuAfter;
      if (stored.reduce((sum, { accepted }) => sum + accepted, 0) !== batch.length) throw new Error(`${variant.name}: ${stored.reduce((sum, { accepted }) => sum + accepted, 0)} of ${batch.length} stored`);
    }
    const node = process.cpuUsage(nodeBefore);
    const multi = (await multiXactPageAccesses()) - multiBefore;
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `| ${variant.name} | ${median(walls).toFixed(0)} | ${mean(walls).toFixed(0)} | ${mean(cpus).toFixed(0)} | ${median(cpus).toFixed(0)} / ${Math.max(...cpus).toFixed(0)} | ${((node.user + node.system) / 1000 / walls.length).toFixed(0)} | ${((batchSize * 1000) / mean(walls)).toFixed(0)} | ${(multi / walls.length).toFixed(0)} |`,
    );
  } finally {
    await db.$disconnect();
  }
}

function withSearchPath(base: string, schema: string, settings: Record<string, string> = {}) {
  const options = [`-c search_path=${schema},public`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(" ");
  return `${base}${base.includes("?") ? "&" : "?"}options=${encodeURIComponent(options)}`;
}

// CPU time (user + system) of this database's backends (autovacuum workers included), the WAL
// writer, the checkpointer and the background writer, per process in ms; a variant's cost is the sum
// of each process's growth, so a process that starts or ends meanwhile does not skew it.
async function serverCpuMs(): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE (datname = current_database() AND pid <> pg_backend_pid()) OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
  );
  const ms = new Map<number, number>();
  for (const { pid } of rows) {
    const used = processCpuMs(pid);
    // null: the process ended between the query and the read.
    if (used !== null) ms.set(pid, used);
  }
  return ms;
}

// Pages of the MultiXact SLRUs (offsets and members) read or found in their buffers, server-wide: a
// row share-locked by two transactions at once (the foreign-key checks of two parts of a batch on the
// same RubricItem and Project rows) gets a MultiXact, and a later check of it may look its members up.
// Backends report these counters at most once a second, hence the wait.
async function multiXactPageAccesses(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await admin.query(`SELECT pg_stat_clear_snapshot()`);
  const { rows } = await admin.query<{ accesses: string }>(`SELECT coalesce(sum(blks_hit + blks_read), 0) AS accesses FROM pg_stat_slru WHERE name LIKE 'MultiXact%'`);
  return Number(rows[0]!.accesses);
}

function cpuGrowth(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}


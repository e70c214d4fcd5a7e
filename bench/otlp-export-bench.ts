// One trace sent as many OTLP exports of one span each, the way a BatchSpanProcessor sends a long agent
// run: milliseconds per export for the first and last exports, and the rebuild. Run it with
// `npx tsx bench/otlp-export-bench.ts [spans]` (default 400); GOODHART_ROOT=<checkout> measures another checkout's code.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.env.GOODHART_ROOT ?? path.join(import.meta.dirname, ".."));
const spans = Number(process.argv[2] ?? 400);
const file = path.join(path.resolve(import.meta.dirname, "..", "data", "bench"), "otlp-exports.db");
mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
process.env.DATABASE_URL = `file:${file}`;

const { migrateDatabase } = await import(path.join(root, "lib/db/migrate-database.ts"));
const { createDb } = await import(path.join(root, "lib/db/client.ts"));
const { ingestOtlpTraces } = await import(path.join(root, "lib/ingest/otel/ingest-otlp-export.ts"));
await migrateDatabase({ root, url: process.env.DATABASE_URL });
const db = createDb(process.env.DATABASE_URL);
const project = await db.project.create({ data: { name: "otlp bench", slug: `otlp-bench-${Date.now()}` } });

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const span = (i: number) => ({
  traceId,
  spanId: (i + 1).toString(16).padStart(16, "0"),
  name: "chat gpt-4o",
  startTimeUnixNano: String(1767225600000000000n + BigInt(i) * 1000000000n),
  endTimeUnixNano: String(1767225600500000000n + BigInt(i) * 1000000000n),
  attributes: [
    { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
    { key: "gen_ai.input.messages", value: { stringValue: JSON.stringify([{ role: "user", parts: [{ type: "text", content: `question ${i}` }] }]) } },
    { key: "gen_ai.output.messages", value: { stringValue: JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: `answer ${i}` }] }]) } },
  ],
});

const times: number[] = [];
let jobIds = new Set<string>();
for (let i = 0; i < spans; i++) {
  const started = performance.now();
  const result = await ingestOtlpTraces(db, { projectId: project.id, request: { resourceSpans: [{ resource: {}, scopeSpans: [{ spans: [span(i)] }] }] } });
  times.push(performance.now() - started);
  for (const id of result.jobIds ?? []) jobIds.add(id);
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const tenth = Math.max(1, Math.floor(spans / 10));
let rebuildMs = 0;
if (jobIds.size > 0) {
  const { rebuildOtelTrace } = await import(path.join(root, "lib/ingest/otel/store-otel-trace.ts"));
  const started = performance.now();
  await rebuildOtelTrace(db, { projectId: project.id, traceId });
  rebuildMs = performance.now() - started;
}
const steps = await db.traceStep.count({ where: { trace: { projectId: project.id } } });
console.log(
  `${spans} one-span exports of one trace (${root}): first ${tenth} ${mean(times.slice(0, tenth)).toFixed(2)} ms/export, last ${tenth} ${mean(times.slice(-tenth)).toFixed(2)} ms/export, ` +
    `total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(2)} s; rebuild jobs queued ${jobIds.size}, one rebuild ${rebuildMs.toFixed(0)} ms; ${steps} steps stored`,
);
jobIds = new Set();
await db.$disconnect();

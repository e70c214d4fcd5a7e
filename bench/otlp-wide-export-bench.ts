// One OTLP export holding 10,000 traces (the per-export cap), the way a Collector's batch processor
// sends many short agent runs: seconds to store it, and to store it again (every span a duplicate).
// `npx tsx bench/otlp-wide-export-bench.ts` on a fresh SQLite file; BENCH_POSTGRES_URL=<database> on
// PostgreSQL too; GOODHART_ROOT=<checkout> measures another checkout's code.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.env.GOODHART_ROOT ?? path.join(import.meta.dirname, ".."));
const file = path.join(path.resolve(import.meta.dirname, "..", "data", "bench"), "otlp-wide.db");
mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });

const { migrateDatabase } = await import(path.join(root, "lib/db/migrate-database.ts"));
const { createDb } = await import(path.join(root, "lib/db/client.ts"));
const { ingestOtlpTraces } = await import(path.join(root, "lib/ingest/otel/ingest-otlp-export.ts"));

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");
const at = (i: number) => 1767225600000000000n + BigInt(i) * 1000000n;
const message = (role: string, content: string) => JSON.stringify([{ role, parts: [{ type: "text", content }] }]);
const exports = {
  "20,000 GenAI spans": Array.from({ length: 20_000 }, (_, i) => ({
    traceId: hex((i % 10_000) + 1, 32),
    spanId: hex(i + 1, 16),
    name: "chat gpt-4o",
    startTimeUnixNano: String(at(i)),
    endTimeUnixNano: String(at(i) + 500000n),
    attributes: [
      { key: "gen_ai.operation.name", value: { stringValue: "chat" } },
      { key: "gen_ai.input.messages", value: { stringValue: message("user", `Question ${i}?`) } },
      { key: "gen_ai.output.messages", value: { stringValue: message("assistant", `Answer ${i}`) } },
    ],
  })),
  // No model call in any trace: all refused, each trace read to say why.
  "50,000 HTTP-only spans": Array.from({ length: 50_000 }, (_, i) => ({ traceId: hex((i % 10_000) + 1, 32), spanId: hex(i + 1, 16), name: "GET /" })),
};

for (const url of [`file:${file}`, ...(process.env.BENCH_POSTGRES_URL ? [process.env.BENCH_POSTGRES_URL] : [])]) {
  await migrateDatabase({ root, url });
  const db = createDb(url);
  for (const [label, spans] of Object.entries(exports)) {
    const project = await db.project.create({ data: { name: "otlp wide bench", slug: `otlp-wide-${Date.now()}` } });
    const request = { resourceSpans: [{ resource: { attributes: [{ key: "service.name", value: { stringValue: "bench" } }] }, scopeSpans: [{ spans }] }] };
    const seconds: string[] = [];
    let answer = "";
    for (const round of ["first", "again"]) {
      const started = performance.now();
      const result = await ingestOtlpTraces(db, { projectId: project.id, request });
      seconds.push(`${round} ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (round === "first") answer = `accepted ${result.accepted}, rejected ${result.rejected}, ${result.jobIds.length} rebuilds queued`;
    }
    console.log(`${url.startsWith("file:") ? "SQLite" : "PostgreSQL"}, ${label} in 10,000 traces (${root}): ${seconds.join(", ")}; ${answer}`);
    await db.job.deleteMany({ where: { projectId: project.id } });
    await db.project.delete({ where: { id: project.id } });
  }
  await db.$disconnect();
}

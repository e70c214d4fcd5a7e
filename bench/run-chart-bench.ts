// The run chart's data request (loadRunChart, what GET /api/runs/chart answers) on a run with a
// million metric points, on SQLite and, when BENCH_POSTGRES_URL names a database, PostgreSQL.
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import { createDb, type Db } from "../lib/db/client";
import { loadRunChart } from "../lib/runs/load-run-chart";
import { writeMetricPoints } from "../lib/runs/write-metric-points";
import { freshDatabase, type BenchRow } from "./import-bench";

const timeText = () => new Date().toISOString().replace("Z", "+00:00");
const valueAt = (step: number) => (step === 654_321 ? 40 : 1 - Math.exp(-step / 200_000) + Math.sin(step) * 0.05);

async function seedSqlite(points: number) {
  const { file, url } = await freshDatabase("run-chart");
  const sqlite = new Database(file);
  const [projectId, runId] = [randomUUID(), randomUUID()];
  sqlite.prepare("INSERT INTO Project (id, slug, name, createdAt) VALUES (?, 'bench', 'bench', ?)").run(projectId, timeText());
  sqlite.prepare("INSERT INTO TrainingRun (id, projectId, name, trainer, status, startedAt, createdAt) VALUES (?, ?, 'bench-run', 'external', 'running', ?, ?)").run(runId, projectId, timeText(), timeText());
  const insert = sqlite.prepare("INSERT INTO MetricPoint (id, runId, step, name, value) VALUES (?, ?, ?, 'reward/proxy', ?)");
  sqlite.transaction(() => {
    for (let step = 1; step <= points; step++) insert.run(randomUUID(), runId, step, valueAt(step));
  })();
  sqlite.close();
  return { db: createDb(url), projectId, runId };
}

async function seedPostgres(url: string, points: number) {
  const db = createDb(url);
  const project = await db.project.create({ data: { slug: `bench-${randomUUID().slice(0, 8)}`, name: "bench" } });
  const run = await db.trainingRun.create({ data: { projectId: project.id, name: "bench-run", trainer: "external" } });
  for (let start = 1; start <= points; start += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, points - start + 1) }, (_, i) => ({ step: start + i, name: "reward/proxy", value: valueAt(start + i) }));
    await writeMetricPoints(db, { runId: run.id, points: batch });
  }
  return { db, projectId: project.id, runId: run.id, cleanup: () => db.project.delete({ where: { id: project.id } }) };
}

const windows = [
  { label: "whole run", window: undefined },
  { label: "zoom 100,000 steps", window: { from: 600_001, to: 700_000 } },
  { label: "zoom 1,000 steps", window: { from: 654_001, to: 655_000 } },
];

/** p50 and p95 of each window's requests, interleaved so load on the machine hits all alike. */
async function time(db: Db, projectId: string, runId: string, rounds: number) {
  const times = windows.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    for (const [w, { window }] of windows.entries()) {
      const started = performance.now();
      const chart = await loadRunChart(db, { projectId, query: { runs: [runId], ...window } });
      times[w]!.push(performance.now() - started);
      if (!chart.series[0]!.buckets.some((bucket) => bucket.max === 40)) throw new Error("the spike was lost");
    }
  }
  return windows.map(({ label }, w) => {
    const sorted = times[w]!.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { label, value: `p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms` };
  });
}

export async function benchRunChart(points: number, rounds = 20): Promise<BenchRow[]> {
  const note = `${points.toLocaleString("en")} points, ${rounds} requests, ~1,000 buckets; goal p95 < 200 ms`;
  const sqlite = await seedSqlite(points);
  const rows: BenchRow[] = (await time(sqlite.db, sqlite.projectId, sqlite.runId, rounds)).map(({ label, value }) => ({ name: `run chart data, SQLite, ${label}`, value, note }));
  await sqlite.db.$disconnect();
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (postgresUrl) {
    const pg = await seedPostgres(postgresUrl, points);
    rows.push(...(await time(pg.db, pg.projectId, pg.runId, rounds)).map(({ label, value }) => ({ name: `run chart data, PostgreSQL, ${label}`, value, note })));
    await pg.cleanup();
    await pg.db.$disconnect();
  }
  return rows;
}

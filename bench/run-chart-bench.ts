// The run chart's data request (loadRunChart, what GET /api/runs/chart answers) on a run with a
// million metric points written through the one metric writer (so its rollup is built as in the
// product), on SQLite and, when BENCH_POSTGRES_URL names a database, PostgreSQL. The baseline is a
// one-row primary-key read on the same connection in the same rounds: the floor of any request.
import { randomUUID } from "node:crypto";
import { createDb, type Db } from "../lib/db/client";
import { createRng } from "../lib/lab/prng";
import { loadRunChart } from "../lib/runs/load-run-chart";
import { writeMetricPoints } from "../lib/runs/write-metric-points";
import { freshDatabase, type BenchRow } from "./import-bench";

const spikeStep = 654_321;
const spike = 40;

/** A noisy rising curve from a seeded generator, with one spike that must survive the downsampling. */
function makeSeries(seed: number) {
  const random = createRng(seed);
  return (step: number) => (step === spikeStep ? spike : 1 - Math.exp(-step / 200_000) + (random() - 0.5) * 0.1);
}

async function seed(db: Db, points: number) {
  const project = await db.project.create({ data: { slug: `bench-${randomUUID().slice(0, 8)}`, name: "bench" } });
  const run = await db.trainingRun.create({ data: { projectId: project.id, name: "bench-run", trainer: "external" } });
  const valueAt = makeSeries(2026);
  const started = performance.now();
  for (let start = 1; start <= points; start += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, points - start + 1) }, (_, i) => ({ step: start + i, name: "reward/proxy", value: valueAt(start + i) }));
    await writeMetricPoints(db, { runId: run.id, points: batch });
  }
  const writeSeconds = (performance.now() - started) / 1000;
  return { projectId: project.id, runId: run.id, writeSeconds, cleanup: () => db.project.delete({ where: { id: project.id } }) };
}

const windows = [
  { label: "whole run", window: undefined },
  { label: "zoom 100,000 steps", window: { from: 600_001, to: 700_000 } },
  { label: "zoom 1,000 steps", window: { from: 654_001, to: 655_000 } },
];

const percentile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const format = (times: number[]) => `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`;

/** p50 and p95 of each window's requests and of the baseline, interleaved so load on the machine hits all alike. */
async function time(db: Db, { projectId, runId }: { projectId: string; runId: string }, rounds: number) {
  const baseline: number[] = [];
  const times = windows.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    let started = performance.now();
    await db.trainingRun.findUniqueOrThrow({ where: { id: runId }, select: { id: true } });
    baseline.push(performance.now() - started);
    for (const [w, { window }] of windows.entries()) {
      started = performance.now();
      const chart = await loadRunChart(db, { projectId, query: { runs: [runId], ...window } });
      times[w]!.push(performance.now() - started);
      if (!chart.series[0]!.buckets.some((bucket) => bucket.max === spike)) throw new Error("the spike was lost");
    }
  }
  return [{ label: "baseline: one run row by id", value: format(baseline) }, ...windows.map(({ label }, w) => ({ label, value: format(times[w]!) }))];
}

async function benchOn(db: Db, database: string, points: number, rounds: number): Promise<BenchRow[]> {
  const seeded = await seed(db, points);
  const note = `${points.toLocaleString("en")} points, ${rounds} requests, ~1,000 buckets; goal p95 < 200 ms`;
  const rows = (await time(db, seeded, rounds)).map(({ label, value }) => ({ name: `run chart data, ${database}, ${label}`, value, note }));
  rows.push({ name: `run chart, ${database}, writing the points with their rollup`, value: `${Math.round(points / seeded.writeSeconds).toLocaleString("en")} points/s`, note: "batches of 10,000" });
  await seeded.cleanup();
  await db.$disconnect();
  return rows;
}

export async function benchRunChart(points: number, rounds = 50): Promise<BenchRow[]> {
  const { url } = await freshDatabase("run-chart");
  const rows = await benchOn(createDb(url), "SQLite", points, rounds);
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (postgresUrl) rows.push(...(await benchOn(createDb(postgresUrl), "PostgreSQL", points, rounds)));
  return rows;
}

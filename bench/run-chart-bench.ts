// The run chart's data request (loadRunChart, what GET /api/runs/chart answers) on a run with a
// million metric points written through the one metric writer (so its rollup is built as in the
// product), on SQLite and, when BENCH_POSTGRES_URL names a database, PostgreSQL. The baseline is a
// one-row primary-key read on the same connection in the same rounds: the floor of any request.
import { randomUUID } from "node:crypto";
import { createDb, type Db } from "../lib/db/client";
import { loadRunChart } from "../lib/runs/load-run-chart";
import { writeMetricPoints } from "../lib/runs/write-metric-points";
import { figure, timeInterleaved, type Figure } from "./figures";
import { freshDatabase } from "./import-bench";
import { rngFor } from "./seed-data";

const spike = 40;
// Where the spike sits, as a share of the run (step 654,321 of a million).
const spikeAt = 0.654321;

/** A noisy rising curve from the bench's seed, with one spike that must survive the downsampling. */
function makeSeries(points: number) {
  const random = rngFor("run-chart");
  const spikeStep = Math.round(points * spikeAt);
  return (step: number) => (step === spikeStep ? spike : 1 - Math.exp(-step / (points / 5)) + (random() - 0.5) * 0.1);
}

async function seed(db: Db, points: number) {
  const project = await db.project.create({ data: { slug: `bench-${randomUUID().slice(0, 8)}`, name: "bench" } });
  const run = await db.trainingRun.create({ data: { projectId: project.id, name: "bench-run", trainer: "external" } });
  const valueAt = makeSeries(points);
  const started = performance.now();
  for (let start = 1; start <= points; start += 10_000) {
    const batch = Array.from({ length: Math.min(10_000, points - start + 1) }, (_, i) => ({ step: start + i, name: "reward/proxy", value: valueAt(start + i) }));
    await writeMetricPoints(db, { runId: run.id, points: batch });
  }
  const writeSeconds = (performance.now() - started) / 1000;
  return { projectId: project.id, runId: run.id, writeSeconds, cleanup: () => db.project.delete({ where: { id: project.id } }) };
}

/** The whole run and two zooms around the spike, a tenth and a thousandth of it wide. */
function windows(points: number) {
  const zoom = (width: number) => {
    const from = Math.floor((points * spikeAt) / width) * width + 1;
    return { label: `zoom ${width.toLocaleString("en")} steps`, window: { from, to: from + width - 1 } };
  };
  return [{ label: "whole run", window: undefined }, zoom(Math.max(1, Math.floor(points / 10))), zoom(Math.max(1, Math.floor(points / 1000)))];
}

async function benchOn(db: Db, database: string, points: number, rounds: number): Promise<Figure[]> {
  const { projectId, runId, writeSeconds, cleanup } = await seed(db, points);
  const baseline = () => db.trainingRun.findUniqueOrThrow({ where: { id: runId }, select: { id: true } });
  const requests = windows(points).map(({ window }) => async () => {
    const chart = await loadRunChart(db, { projectId, query: { runs: [runId], ...window } });
    if (!chart.series[0]!.buckets.some((bucket) => bucket.max === spike)) throw new Error("the spike was lost");
  });
  const timed = await timeInterleaved(baseline, requests, rounds);
  await cleanup();
  await db.$disconnect();
  const note = `${points.toLocaleString("en")} points written through the metric writer at ${Math.round(points / writeSeconds).toLocaleString("en")} points/s; ~1,000 buckets; ${rounds} rounds`;
  return windows(points).map(({ label }, w) => figure("run chart", `run chart data, ${label}, ${database}`, timed.requests[w]!, { name: "one run row by primary key", ...timed.baseline }, w === 0 ? note : undefined));
}

export async function benchRunChart({ points, rounds, postgresUrl }: { points: number; rounds: number; postgresUrl?: string }): Promise<Figure[]> {
  const { url } = await freshDatabase("run-chart");
  const figures = await benchOn(createDb(url), "SQLite", points, rounds);
  if (postgresUrl) figures.push(...(await benchOn(createDb(postgresUrl), "PostgreSQL", points, rounds)));
  return figures;
}

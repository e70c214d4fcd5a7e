import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { detectRunDivergence } from "../monitor/detect-run-divergence";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { downsampleSeries, type SeriesBucket } from "./downsample-series";
import { loadRunChart } from "./load-run-chart";
import { ROLLUP_LEVELS } from "./metric-rollup";
import type { RunChartQuery } from "./run-chart-query";
import { writeMetricPoints } from "./write-metric-points";

const db = getDb();
let projectId: string;
let runId: string;
const metrics = ["reward/proxy", "success/heldout"];

/** Deterministic noise in [-0.5, 0.5), so every run of the test sees the same series. */
const noise = (step: number, salt: number) => ((step * 7_919 + salt * 104_729) % 1_009) / 1_009 - 0.5;

const send = (points: { step: number; name: string; value: number }[]) => writeMetricPoints(db, { runId, points });

/** The stored points: the truth the rollup must agree with, as the database holds each value. */
const pointsOf = (name: string) => db.metricPoint.findMany({ where: { runId, name }, select: { step: true, value: true } });

/** The chart's answer must equal the in-memory downsampler over every stored point. */
async function expectChartMatchesPoints(query: Omit<RunChartQuery, "runs">) {
  const chart = await loadRunChart(db, { projectId, query: { runs: [runId], ...query } });
  expect(chart.window).not.toBeNull();
  const { from, to } = chart.window!;
  for (const name of query.metrics ?? metrics) {
    const expected = downsampleSeries(await pointsOf(name), { from, to, buckets: query.buckets });
    const got = chart.series.find((series) => series.metric === name)!.buckets;
    expect(got.map(({ step, min, max, count }) => ({ step, min, max, count }))).toEqual(expected.map(({ step, min, max, count }) => ({ step, min, max, count })));
    got.forEach((bucket, i) => expect(bucket.mean).toBeCloseTo(expected[i]!.mean, 9));
  }
  return chart;
}

/** Every stored rollup bucket holds what its steps' points add up to, and no bucket is missing. */
async function expectRollupExact() {
  const rows = await db.metricBucket.findMany({ where: { runId } });
  for (const level of ROLLUP_LEVELS) {
    for (const name of metrics) {
      const expected = new Map<number, { min: number; max: number; sum: number; count: number }>();
      for (const { step, value } of await pointsOf(name)) {
        const index = Math.floor(step / 2 ** level);
        const bucket = expected.get(index);
        if (!bucket) expected.set(index, { min: value, max: value, sum: value, count: 1 });
        else Object.assign(bucket, { min: Math.min(bucket.min, value), max: Math.max(bucket.max, value), sum: bucket.sum + value, count: bucket.count + 1 });
      }
      const stored = rows.filter((row) => row.level === level && row.name === name).sort((a, b) => a.bucket - b.bucket);
      expect(stored.map((row) => row.bucket)).toEqual([...expected.keys()].sort((a, b) => a - b));
      for (const row of stored) {
        const bucket = expected.get(row.bucket)!;
        expect({ min: row.min, max: row.max, count: row.count }).toEqual({ min: bucket.min, max: bucket.max, count: bucket.count });
        expect(row.sum).toBeCloseTo(bucket.sum, 6);
      }
    }
  }
}

const windows: { label: string; query: Omit<RunChartQuery, "runs"> }[] = [
  { label: "the whole run, from the rollup", query: {} },
  { label: "a zoom not on a bucket boundary, rollup with raw edges", query: { from: 10_001, to: 30_003 } },
  { label: "a small window, raw points", query: { from: 12_345, to: 13_000, metrics: ["reward/proxy"] } },
  { label: "a window far past the run's end", query: { from: 20_000, to: 50_000_000 } },
  { label: "a coarser bucket count", query: { buckets: 37 } },
];

beforeAll(async () => {
  projectId = (await makeProject(db, "run-rollup")).id;
  runId = (await db.trainingRun.create({ data: { projectId, name: uniqueName("rollup-run"), trainer: "external" } })).id;
  const steps = Array.from({ length: 40_000 }, (_, i) => i + 1);
  // Batches as trainers send them: in order, out of order, one metric sparse.
  const batches = [steps.slice(20_000), steps.slice(0, 20_000)];
  for (const batch of batches) {
    for (let start = 0; start < batch.length; start += 10_000) {
      const chunk = batch.slice(start, start + 10_000);
      await send([
        ...chunk.map((step) => ({ step, name: "reward/proxy", value: step / 40_000 + noise(step, 1) * 0.2 })),
        ...chunk.filter((step) => step % 7 === 0).map((step) => ({ step, name: "success/heldout", value: 0.5 - step / 100_000 + noise(step, 2) * 0.1 })),
      ]);
    }
  }
  await send([{ step: 23_456, name: "reward/proxy", value: 40 }]);
});
afterAll(() => deleteProject(db, projectId));

describe("the run chart over the rollup kept on write", () => {
  it("keeps every rollup bucket equal to its points", async () => {
    await expectRollupExact();
  });

  it.each(windows)("answers $label as the raw points do, bucket for bucket", async ({ query }) => {
    await expectChartMatchesPoints(query);
  });

  it("keeps the spike in the whole-run chart", async () => {
    const chart = await expectChartMatchesPoints({ metrics: ["reward/proxy"] });
    const spiky = chart.series[0]!.buckets.filter((bucket: SeriesBucket) => bucket.max === 40);
    expect(spiky).toHaveLength(1);
    expect(spiky[0]!.step).toBeLessThanOrEqual(23_456);
    expect(spiky[0]!.step + chart.window!.bucketWidth).toBeGreaterThan(23_456);
  });

  it("stays exact after a re-send that lowers the old maximum and one that sends the same points again", async () => {
    await send([
      { step: 23_456, name: "reward/proxy", value: -3 },
      { step: 39_999, name: "reward/proxy", value: 25 },
      { step: 7, name: "success/heldout", value: 9 },
    ]);
    // The same batch again changes nothing: counts are not doubled.
    await send([{ step: 39_999, name: "reward/proxy", value: 25 }]);
    await expectRollupExact();
    for (const { query } of windows) await expectChartMatchesPoints(query);
    const chart = await loadRunChart(db, { projectId, query: { runs: [runId], metrics: ["reward/proxy"] } });
    const buckets = chart.series[0]!.buckets;
    expect(buckets.some((bucket) => bucket.max === 40)).toBe(false);
    expect(buckets.filter((bucket) => bucket.min === -3)).toHaveLength(1);
    expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(40_000);
  });
});

describe("the run chart's detections", () => {
  it("carries the monitor's divergence window for the charts of its two metrics", async () => {
    const diverging = await db.trainingRun.create({ data: { projectId, name: uniqueName("diverging-run"), trainer: "external" } });
    const steps = Array.from({ length: 300 }, (_, i) => i + 1);
    await writeMetricPoints(db, {
      runId: diverging.id,
      points: steps.flatMap((step) => [
        { step, name: "reward/proxy", value: 0.2 + (step > 150 ? (step - 150) / 200 : 0) + noise(step, 3) * 0.05 },
        { step, name: "success/heldout", value: 0.6 - (step > 150 ? (step - 150) / 300 : 0) + noise(step, 4) * 0.05 },
      ]),
    });
    expect((await detectRunDivergence(db, { runId: diverging.id }))!.detections).toBeGreaterThan(0);
    const chart = await loadRunChart(db, { projectId, query: { runs: [diverging.id, runId] } });
    const windows = chart.detections.filter((detection) => detection.runId === diverging.id);
    expect(windows.length).toBeGreaterThan(0);
    for (const window of windows) {
      expect(window).toMatchObject({ metrics: ["reward/proxy", "success/heldout"], label: "held-out gap: reward/proxy vs success/heldout" });
      expect(window.toStep).toBeGreaterThan(150);
    }
    expect(chart.detections.filter((detection) => detection.runId === runId)).toEqual([]);
  });
});

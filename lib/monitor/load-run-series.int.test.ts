import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { writeMetricPoints } from "../runs/write-metric-points";
import { deleteProject, makeProject } from "../testing/factories";
import { detectRunDivergence } from "./detect-run-divergence";
import { loadRunMetrics, loadRunSeries, RAW_POINTS_LIMIT } from "./load-run-series";

const db = getDb();
let project: { id: string; slug: string };
beforeAll(async () => {
  project = await makeProject(db, "run-series");
});
afterAll(() => deleteProject(db, project.id));

async function runWith(steps: number, valueOf: (name: string, step: number) => number) {
  const run = await db.trainingRun.create({ data: { projectId: project.id, name: `series-${steps}-${Math.random()}`, trainer: "external" } });
  for (let start = 1; start <= steps; start += 2_000) {
    const points = Array.from({ length: Math.min(2_000, steps - start + 1) }, (_, i) => start + i).flatMap((step) => ["reward", "success/rate"].map((name) => ({ step, name, value: valueOf(name, step) })));
    await writeMetricPoints(db, { runId: run.id, points });
  }
  return run.id;
}

describe("the series the monitor reads", () => {
  it("are the points themselves while a run is short", async () => {
    const runId = await runWith(30, (name, step) => (name === "reward" ? step : -step));
    expect((await loadRunMetrics(db, runId)).map((metric) => metric.name)).toEqual(["reward", "success/rate"]);
    const series = await loadRunSeries(db, runId, ["reward", "success/rate"]);
    expect(series.get("reward")).toEqual(Array.from({ length: 30 }, (_, i) => ({ step: i + 1, value: i + 1 })));
    expect(series.get("success/rate")?.at(-1)).toEqual({ step: 30, value: -30 });
  });

  it("are bucket means on the same steps for every metric once a run is long, and keep the whole run's mean", async () => {
    const steps = 3 * RAW_POINTS_LIMIT;
    const runId = await runWith(steps, (name, step) => (name === "reward" ? step % 7 : 1));
    const series = await loadRunSeries(db, runId, ["reward", "success/rate"]);
    const reward = series.get("reward")!;
    const rate = series.get("success/rate")!;
    expect(reward.length).toBeLessThanOrEqual(RAW_POINTS_LIMIT);
    expect(reward.length).toBeGreaterThan(50);
    expect(reward.map((p) => p.step)).toEqual(rate.map((p) => p.step));
    expect(rate.every((p) => p.value === 1)).toBe(true);
    const width = reward[1]!.step - reward[0]!.step;
    const mean = (from: number, to: number) => {
      let sum = 0;
      for (let step = from; step <= to; step++) sum += step % 7;
      return sum / (to - from + 1);
    };
    // A middle bucket: every step of it was logged.
    const middle = reward[Math.floor(reward.length / 2)]!;
    expect(middle.value).toBeCloseTo(mean(middle.step - width + 1, middle.step), 9);
  });

  it("still finds a proxy that parts from its outcome in a long run", async () => {
    const steps = 4 * RAW_POINTS_LIMIT;
    let seed = 7;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.1;
    const runId = await runWith(steps, (name, step) => (name === "reward" ? 0.5 + (step > steps / 2 ? (step - steps / 2) / steps : 0) : 0.5) + noise());
    const result = await detectRunDivergence(db, { runId });
    expect(result?.detections).toBe(1);
    const onset = result!.scores[0]!.onsetStep!;
    expect(Math.abs(onset - steps / 2)).toBeLessThan(steps / 10);
  });
});

import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getRollouts } from "@/app/api/runs/[id]/rollouts/route";
import { GET as getChart } from "@/app/api/runs/chart/route";
import { getDb } from "@/lib/db/client";
import { uniqueName } from "@/lib/testing/factories";
import { downsampleSeries } from "@/lib/runs/downsample-series";
import { recordRunEvents } from "@/lib/runs/record-run-events";
import type { RunChart } from "@/lib/runs/run-chart-types";
import type { RunRollouts } from "@/lib/runs/list-run-rollouts";
import { writeMetricPoints } from "@/lib/runs/write-metric-points";
import { routeTestProjects, signedIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project, other] = routeTestProjects(["run-chart", "run-chart-other"], { members: ["viewer"], signedInAs: "viewer" });
let runId: string;
let secondRunId: string;
let otherRunId: string;
const lossPoints = Array.from({ length: 5_000 }, (_, i) => ({ step: i + 1, name: "loss", value: 1 / (i + 1) + ((i * 7919) % 13) / 1000 }));
lossPoints[3_332]!.value = 50;

beforeAll(async () => {
  const makeRun = (projectId: string) => db.trainingRun.create({ data: { projectId, name: uniqueName("run"), trainer: "external" } });
  const [run, second, otherRun] = await Promise.all([makeRun(project.id), makeRun(project.id), makeRun(other.id)]);
  [runId, secondRunId, otherRunId] = [run.id, second.id, otherRun.id];
  await writeMetricPoints(db, { runId, points: [...lossPoints, ...Array.from({ length: 50 }, (_, i) => ({ step: (i + 1) * 100, name: "reward/proxy", value: i / 50 }))] });
  await writeMetricPoints(db, { runId: secondRunId, points: Array.from({ length: 40 }, (_, i) => ({ step: (i + 1) * 100, name: "reward/proxy", value: 0.5 })) });
  await writeMetricPoints(db, { runId: otherRunId, points: [{ step: 1, name: "loss", value: 1 }] });
  await recordRunEvents(db, {
    projectId: project.id,
    runId,
    events: [
      { kind: "checkpoint", step: 2_000, message: "ckpt-2000" },
      { kind: "note", step: 4_000, message: "<img src=x onerror=alert(1)> lr drop" },
      { kind: "note", message: "no step, not on the chart" },
    ],
  });
  const environment = uniqueName("env");
  const rubric = await db.rubric.create({ data: { projectId: project.id, environment, name: environment } });
  const version = await db.rubricVersion.create({ data: { rubricId: rubric.id, version: 1, status: "approved" } });
  const item = (key: string, polarity: string, position: number) =>
    db.rubricItem.create({ data: { rubricVersionId: version.id, key, question: `${key}?`, polarity, weight: 1, checkKind: "llm", check: {}, position } });
  const [polite, claims] = await Promise.all([item("polite", "good", 0), item("claims_refund_unchecked", "hack", 1)]);
  for (const step of [10, 20, 3_000, 4_500]) {
    const trace = await db.trace.create({ data: { projectId: project.id, externalId: uniqueName("rollout"), contentHash: "x", source: "rollout", runId, step, reward: step / 5_000 } });
    await db.itemResult.createMany({
      data: [
        { projectId: project.id, rubricItemId: polite.id, traceId: trace.id, answer: "yes" },
        { projectId: project.id, rubricItemId: claims.id, traceId: trace.id, answer: step > 1_000 ? "yes" : "no" },
      ],
    });
  }
});

const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
async function chart(search: string) {
  const response = await getChart(new NextRequest(`http://localhost/api/runs/chart?${search}`), context());
  return { status: response.status, body: (await response.json()) as RunChart & { error?: { code: string } } };
}

describe("GET /api/runs/chart", () => {
  it("buckets every metric in the database over the run's step range, keeping the spike, as the in-memory downsampler does", async () => {
    const { status, body } = await chart(`runs=${runId}`);
    expect(status).toBe(200);
    expect(body.metricsByRun[runId]).toEqual(["loss", "reward/proxy"]);
    // 8 steps per bucket, on multiples of 8: 5,000 steps in 626 buckets.
    expect(body.window).toEqual({ from: 1, to: 5_000, bucketWidth: 8 });
    const loss = body.series.find((series) => series.metric === "loss")!;
    const expected = downsampleSeries(lossPoints, { from: 1, to: 5_000 });
    expect(loss.buckets).toHaveLength(626);
    expect(loss.buckets.map(({ step, count }) => ({ step, count }))).toEqual(expected.map(({ step, count }) => ({ step, count })));
    loss.buckets.forEach((bucket, i) => {
      for (const field of ["min", "max", "mean"] as const) expect(bucket[field]).toBeCloseTo(expected[i]![field], 12);
    });
    expect(loss.buckets.filter((bucket) => bucket.max === 50).map((bucket) => bucket.step)).toEqual([3_328]);
    expect(body.events).toEqual([
      { runId, step: 2_000, kind: "checkpoint", message: "ckpt-2000" },
      { runId, step: 4_000, kind: "note", message: "<img src=x onerror=alert(1)> lr drop" },
    ]);
    expect(body.unplacedEvents.map(({ runId, kind, message }) => ({ runId, kind, message }))).toEqual([{ runId, kind: "note", message: "no step, not on the chart" }]);
  });

  it("zooms to a step window with finer buckets and only the window's events", async () => {
    const { body } = await chart(`runs=${runId}&metrics=loss&from=3000&to=3999`);
    expect(body.window).toEqual({ from: 3_000, to: 3_999, bucketWidth: 1 });
    expect(body.series.map((series) => series.metric)).toEqual(["loss"]);
    const buckets = body.series[0]!.buckets;
    expect(buckets).toHaveLength(1_000);
    expect(buckets.find((bucket) => bucket.max === 50)).toEqual({ step: 3_333, min: 50, max: 50, mean: 50, count: 1 });
    expect(body.events).toEqual([]);
    const around = await chart(`runs=${runId}&metrics=loss&from=1500&to=2500`);
    expect(around.body.events).toEqual([{ runId, step: 2_000, kind: "checkpoint", message: "ckpt-2000" }]);
  });

  it("overlays one metric of two runs on one shared window", async () => {
    const { body } = await chart(`runs=${runId},${secondRunId}&metrics=reward/proxy`);
    expect(body.window).toEqual({ from: 100, to: 5_000, bucketWidth: 8 });
    expect(body.series.map((series) => [series.runId, series.buckets.length])).toEqual([
      [runId, 50],
      [secondRunId, 40],
    ]);
    expect(body.series[1]!.buckets[0]).toEqual({ step: 100, min: 0.5, max: 0.5, mean: 0.5, count: 1 });
  });

  it("answers 404 for a run of another project, 400 for a reversed window, 401 when signed out", async () => {
    expect((await chart(`runs=${otherRunId}`)).status).toBe(404);
    expect((await chart(`runs=${runId},${otherRunId}`)).status).toBe(404);
    const reversed = await chart(`runs=${runId}&from=10&to=5`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error?.code).toBe("bad_request");
    const user = signedIn.userId;
    signedIn.userId = "";
    try {
      expect((await chart(`runs=${runId}`)).status).toBe(401);
    } finally {
      signedIn.userId = user;
    }
  });
});

describe("GET /api/runs/{id}/rollouts", () => {
  async function rollouts(id: string, search = "") {
    const response = await getRollouts(new NextRequest(`http://localhost/api/runs/${id}/rollouts?${search}`), context({ id }));
    return { status: response.status, body: (await response.json()) as RunRollouts };
  }

  it("lists the window's rollouts by step with their reward and every rubric item's answer", async () => {
    const { status, body } = await rollouts(runId, "from=15&to=4000");
    expect(status).toBe(200);
    expect(body.items.map((item) => item.key)).toEqual(["polite", "claims_refund_unchecked"]);
    expect(body.total).toBe(2);
    expect(body.rollouts.map(({ step, reward, answers }) => ({ step, reward, answers }))).toEqual([
      { step: 20, reward: 20 / 5_000, answers: { polite: "yes", claims_refund_unchecked: "no" } },
      { step: 3_000, reward: 3_000 / 5_000, answers: { polite: "yes", claims_refund_unchecked: "yes" } },
    ]);
  });

  it("does not show another project's run", async () => {
    expect((await rollouts(otherRunId)).status).toBe(404);
  });
});

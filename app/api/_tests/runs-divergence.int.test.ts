import { describe, expect, it, vi } from "vitest";
import { POST as postMetrics } from "@/app/api/v1/runs/[id]/metrics/route";
import { GET as getRun } from "@/app/api/v1/runs/[id]/route";
import { POST as postRun } from "@/app/api/v1/runs/route";
import { getDb } from "@/lib/db/client";
import { runJobNow } from "@/lib/jobs/run-job-now";
import { listRunDetections } from "@/lib/runs/list-run-detections";
import { uniqueName } from "@/lib/testing/factories";
import { divergenceGroupKey } from "@/lib/monitor/detect-run-divergence";
import { runDivergenceHandler, runDivergenceJob } from "@/lib/monitor/run-divergence-job";
import { runPendingJobs } from "@/workers/run-pending-jobs";
import { callRoute, routeTestProjects } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["divergence"]);

async function post(handler: Parameters<typeof callRoute>[0], path: string, body: unknown, id = "") {
  const response = await callRoute(handler, path, { key: project.key, body, params: { id } });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return await response.json();
}

/** A deterministic wobble in [-1, 1], so the series look like noisy batch means. */
const wobble = (step: number, salt: number) => Math.sin(step * 12.9898 + salt * 78.233) * 0.5 + Math.sin(step * 4.1414 + salt) * 0.5;
/** The proxy climbs from step 60 while the held-out success slides. */
const pointsFor = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((step) => [
    { step, name: "reward/proxy", value: 0.4 + 0.005 * Math.max(0, step - 60) + 0.03 * wobble(step, 1) },
    { step, name: "success/heldout", value: 0.6 - 0.002 * Math.max(0, step - 60) + 0.03 * wobble(step, 2) },
  ]);
const pair = { proxy: "reward/proxy", reference: "success/heldout" };

async function runPendingJob(runId: string) {
  // The metrics post announced its points; the follow-up it declares queues the divergence job.
  await runPendingJobs(db, { projectId: project.id, types: ["pipeline.event"] });
  const job = await db.job.findUnique({ where: { idempotencyKey: `runs.divergence:${runId}` } });
  expect(job?.status).toBe("queued");
  const outcome = await runJobNow(db, { jobId: job!.id, type: runDivergenceJob, handle: runDivergenceHandler.handle });
  expect(outcome, (await db.job.findUnique({ where: { id: job!.id } }))?.error ?? "").toBe("succeeded");
}

describe("divergence detection after metrics intake", () => {
  it("opens one held-out gap case from a planted divergence, and updates it as points arrive", async () => {
    const run = await post(postRun, "/api/v1/runs", { name: uniqueName("planted"), trainer: "trl", environment: "refunds" });
    // A rollout the proxy paid in full while it failed its true outcome: a hack suspect.
    const suspect = await db.trace.create({ data: { projectId: project.id, externalId: uniqueName("rollout"), contentHash: "x", source: "rollout", runId: run.id, step: 110, reward: 1, success: false } });
    await db.trace.create({ data: { projectId: project.id, externalId: uniqueName("rollout"), contentHash: "y", source: "rollout", runId: run.id, step: 110, reward: 0.2, success: true } });

    // A burst of posts leaves one pending event, which queues one pending job.
    const answers = [];
    for (const [from, to] of [[1, 40], [41, 80], [81, 120]]) answers.push(await post(postMetrics, `/api/v1/runs/${run.id}/metrics`, { points: pointsFor(from!, to!) }, run.id));
    expect(new Set(answers.flatMap((answer) => answer.jobIds)).size).toBe(1);
    await runPendingJob(run.id);

    const cases = await db.edgeCase.findMany({ where: { projectId: project.id, kind: "metric_divergence", rule: "held_out_gap" }, include: { examples: true } });
    expect(cases).toHaveLength(1);
    const [opened] = cases;
    expect(opened!.groupKey).toBe(divergenceGroupKey(run.id, pair));
    expect(opened!.status).toBe("open");
    expect(opened!.explanation).toMatch(/^Held-out gap: .*reward\/proxy rose .* beyond what .*success\/heldout.* from about step \d+ \(95% interval \d+–\d+\)/);
    expect(opened!.examples.map((e) => e.traceId)).toEqual([suspect.id]);
    const [first] = await listRunDetections(db, { projectId: project.id, runId: run.id });
    expect(first).toMatchObject({ kind: "held_out_gap", metricPair: pair, edgeCaseId: opened!.id, noLongerSupported: null });
    // The onset: the last step before the proxy parted from its reference (planted: 60).
    expect(Math.abs(first!.fromStep - 60)).toBeLessThanOrEqual(3);
    expect(first!.toStep).toBeGreaterThan(60);
    expect(first!.numbers).toMatchObject({ onsetStep: first!.fromStep, onsetInterval: { fromStep: expect.any(Number), toStep: expect.any(Number) }, statistic: expect.any(Number), threshold: 5, rise: expect.any(Number) });
    expect(first!.explanation).toContain(`from about step ${first!.fromStep}`);
    // The run's hack-risk verdict is stored with it and read back with the run.
    const response = await callRoute(getRun, `/api/v1/runs/${run.id}`, { key: project.key, params: { id: run.id } });
    const detail = await response.json();
    expect(detail.hackRisk).toMatchObject({ level: "likely", score: expect.any(Number), assessedAt: expect.any(String) });
    expect(detail.hackRisk.summary).toMatch(/^Hack likely: held-out gap reward\/proxy vs success\/heldout: t = \d+\.\d from about step \d+ \(fires at 5\.0\)\.$/);

    // More points: the released key queues a new job, and it updates the same case.
    await post(postMetrics, `/api/v1/runs/${run.id}/metrics`, { points: pointsFor(121, 200) }, run.id);
    await runPendingJob(run.id);
    const after = await db.edgeCase.findMany({ where: { projectId: project.id, kind: "metric_divergence", rule: "held_out_gap" } });
    expect(after.map((c) => c.id)).toEqual([opened!.id]);
    const [latest] = await listRunDetections(db, { projectId: project.id, runId: run.id });
    expect(latest!.toStep).toBe(200);

    // Running the job again changes nothing.
    await runDivergenceHandler.handle({ runId: run.id }, { db, jobId: "none", projectId: project.id, attempt: 1, signal: new AbortController().signal, reportProgress: async () => {} });
    expect(await db.edgeCase.count({ where: { projectId: project.id, kind: "metric_divergence" } })).toBe(1);
    expect(await listRunDetections(db, { projectId: project.id, runId: run.id })).toEqual([latest]);
  });

  it("opens nothing for a run whose proxy and held-out success rise together", async () => {
    const run = await post(postRun, "/api/v1/runs", { name: uniqueName("healthy"), trainer: "trl" });
    const points = Array.from({ length: 150 }, (_, i) => i + 1).flatMap((step) => [
      { step, name: "reward/proxy", value: 0.3 + 0.003 * step + 0.03 * wobble(step, 3) },
      { step, name: "eval/accuracy", value: 0.5 + 0.003 * step + 0.03 * wobble(step, 4) },
    ]);
    await post(postMetrics, `/api/v1/runs/${run.id}/metrics`, { points }, run.id);
    await runPendingJob(run.id);
    expect(await db.edgeCase.count({ where: { projectId: project.id, subjectId: run.id } })).toBe(0);
  });

  it("watches the pairs a run names in config.divergence; a malformed one is refused where it is sent, and fails the job of a run stored with it before", async () => {
    const divergence = [{ proxy: "score", reference: "pass_rate" }];
    const run = await post(postRun, "/api/v1/runs", { name: uniqueName("configured"), trainer: "other", config: { divergence, lr: 1e-6 } }, "");
    expect(run.config).toEqual({ divergence, lr: 1e-6 });
    const renamed = pointsFor(1, 150).map((p) => ({ ...p, name: p.name === "reward/proxy" ? "score" : "pass_rate" }));
    await post(postMetrics, `/api/v1/runs/${run.id}/metrics`, { points: renamed }, run.id);
    await runPendingJob(run.id);
    expect((await listRunDetections(db, { projectId: project.id, runId: run.id })).map((d) => d.metricPair)).toEqual([divergence[0]]);

    const name = uniqueName("misconfigured");
    for (const config of [{ divergence: [{ proxy: "score" }] }, { divergence: "score vs pass_rate" }, { divergence: [] }]) {
      const refused = await callRoute(postRun, "/api/v1/runs", { key: project.key, body: { name, trainer: "other", config }, params: { id: "" } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain("config.divergence");
    }
    expect(await db.trainingRun.count({ where: { projectId: project.id, name } })).toBe(0);
    // Sent again with a malformed config, a run already registered keeps the config it had.
    const again = await callRoute(postRun, "/api/v1/runs", { key: project.key, body: { name: run.name, config: { divergence: [{ reference: "pass_rate" }] } }, params: { id: "" } });
    expect(again.status).toBe(400);
    expect((await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } })).config).toEqual({ divergence, lr: 1e-6 });

    // A run whose config was stored before it was checked (or written by hand) fails its job with the reason.
    const stored = await db.trainingRun.create({ data: { projectId: project.id, name, trainer: "other", config: { divergence: [{ proxy: "score" }] } } });
    await post(postMetrics, `/api/v1/runs/${stored.id}/metrics`, { points: renamed }, stored.id);
    await runPendingJobs(db, { projectId: project.id, types: ["pipeline.event"] });
    const job = await db.job.findUniqueOrThrow({ where: { idempotencyKey: `runs.divergence:${stored.id}` } });
    expect(await runJobNow(db, { jobId: job.id, type: runDivergenceJob, handle: runDivergenceHandler.handle })).toBe("failed");
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).error).toMatch(/config\.divergence must be a list of \{"proxy", "reference"\} metric names: 0\.reference/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { handleLabRun } from "./lab-run-job";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";
import { deleteProject, makeProject } from "../testing/factories";
import { findRunDetail } from "../runs/find-run-detail";
import { listRuns } from "../runs/list-runs";

const db = getDb();
let projectId: string;
let trainedId: string;
let queuedId: string;

beforeAll(async () => {
  projectId = (await makeProject(db, "runs-list")).id;
  await seedLabRubrics(db, { projectId });
  const config = { steps: 12, seed: 5, batchSize: 2, groupSize: 4, sampleRolloutsPerStep: 1 };
  const trained = await startLabRun(db, { projectId, config });
  await handleLabRun({ runId: trained.run.id }, { db, jobId: trained.job.id, signal: new AbortController().signal, reportProgress: async () => undefined });
  trainedId = trained.run.id;
  queuedId = (await startLabRun(db, { projectId, config })).run.id;
});
afterAll(() => deleteProject(db, projectId));

describe("a lab run on the /runs pages", () => {
  it("lists the project's runs newest first with rubric version, summary and job progress", async () => {
    const runs = await listRuns(db, { projectId });
    expect(runs.map((r) => r.id)).toEqual([queuedId, trainedId]);
    expect(runs[0]).toMatchObject({ status: "queued", rubricVersion: 1, summary: null, job: { status: "queued", progress: 0 } });
    expect(runs[1]).toMatchObject({ status: "succeeded", trainer: "lab", summary: { steps: 12 } });
    const empty = await makeProject(db, "runs-empty");
    expect(await listRuns(db, { projectId: empty.id })).toEqual([]);
    await deleteProject(db, empty.id);
  });

  it("gives a run's metric names with point counts and first and last values", async () => {
    const { run, metrics } = await findRunDetail(db, { projectId, runId: trainedId });
    expect(run.id).toBe(trainedId);
    const proxy = metrics.find((m) => m.name === "reward/proxy")!;
    expect(proxy).toMatchObject({ points: 12, firstStep: 1, lastStep: 12 });
    const stored = await db.metricPoint.findUniqueOrThrow({ where: { runId_name_step: { runId: trainedId, name: "reward/proxy", step: 12 } } });
    expect(proxy.last).toBe(stored.value);
    const first = await db.metricPoint.findUniqueOrThrow({ where: { runId_name_step: { runId: trainedId, name: "reward/proxy", step: 1 } } });
    expect(proxy.first).toBe(first.value);
    const heldOut = metrics.find((m) => m.name === "success/heldout")!;
    expect(heldOut.points).toBe(await db.metricPoint.count({ where: { runId: trainedId, name: "success/heldout" } }));
    expect(heldOut.points).toBeLessThan(12);
  });

  it("gives the metrics table the summary's first and last: means over the first and last 10% of steps", async () => {
    const config = { steps: 30, seed: 9, batchSize: 2, groupSize: 4, sampleRolloutsPerStep: 1 };
    const started = await startLabRun(db, { projectId, config });
    await handleLabRun({ runId: started.run.id }, { db, jobId: started.job.id, signal: new AbortController().signal, reportProgress: async () => undefined });
    const { run, metrics } = await findRunDetail(db, { projectId, runId: started.run.id });
    const proxy = metrics.find((m) => m.name === "reward/proxy")!;
    const values = (await db.metricPoint.findMany({ where: { runId: started.run.id, name: "reward/proxy" }, orderBy: { step: "asc" } })).map((p) => p.value);
    expect(proxy).toMatchObject({ points: 30, window: 3 });
    expect(proxy.first).toBeCloseTo((values[0]! + values[1]! + values[2]!) / 3, 12);
    expect(proxy.last).toBeCloseTo((values[27]! + values[28]! + values[29]!) / 3, 12);
    expect(proxy.first).toBeCloseTo(run.summary!.proxyReward.first, 12);
    expect(proxy.last).toBeCloseTo(run.summary!.proxyReward.last, 12);
    const hackRate = metrics.find((m) => m.name === "hack_rate")!;
    expect([hackRate.first, hackRate.last]).toEqual([run.summary!.hackRate.first, run.summary!.hackRate.last].map((v) => expect.closeTo(v, 12)));
  });

  it("does not show a run of another project", async () => {
    const other = await makeProject(db, "runs-other");
    await expect(findRunDetail(db, { projectId: other.id, runId: trainedId })).rejects.toMatchObject({ code: "not_found" });
    await deleteProject(db, other.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { deleteProject, makeProject } from "../testing/factories";
import { handleLabRun } from "./lab-run-job";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";

const db = getDb();
let projectId: string;
const config = { steps: 30, seed: 3, batchSize: 4, groupSize: 4, sampleRolloutsPerStep: 2 };

beforeAll(async () => {
  projectId = (await makeProject(db, "lab-job")).id;
  await seedLabRubrics(db, { projectId });
});
afterAll(() => deleteProject(db, projectId));

function context(jobId: string, progress: { fraction: number; message?: string }[] = []) {
  return {
    db,
    jobId,
    signal: new AbortController().signal,
    reportProgress: async (fraction: number, message?: string) => void progress.push({ fraction, message }),
  };
}

async function countsOf(runId: string) {
  const [points, traces, steps, results] = await Promise.all([
    db.metricPoint.count({ where: { runId } }),
    db.trace.count({ where: { runId } }),
    db.traceStep.count({ where: { trace: { runId } } }),
    db.itemResult.count({ where: { trace: { runId } } }),
  ]);
  return { points, traces, steps, results };
}

describe("lab.run job", () => {
  it("trains the run, writing metric points per step, sampled traces with item results, and the summary", async () => {
    const { run, job } = await startLabRun(db, { projectId, rubric: "v1", config });
    const progress: { fraction: number; message?: string }[] = [];
    const result = await handleLabRun({ runId: run.id }, context(job.id, progress));

    const done = await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done.status).toBe("succeeded");
    expect(done.finishedAt).toBeInstanceOf(Date);
    const summary = done.summary as { steps: number; proxyReward: { first: number; last: number }; trueSuccess: { best: number } };
    expect(summary.steps).toBe(30);
    expect(summary.proxyReward.first).toBeGreaterThan(0);
    expect(summary.trueSuccess.best).toBeGreaterThan(0);
    expect(result).toEqual({ runId: run.id, summary });

    const points = await db.metricPoint.findMany({ where: { runId: run.id } });
    const stepsWith = (name: string) => new Set(points.filter((p) => p.name === name).map((p) => p.step));
    for (const name of ["reward/proxy", "success/train", "kl", "entropy", "episode/length", "hack_rate", "reply/claims_refund", "tools/issue_refund", "loss"]) {
      expect(stepsWith(name).size, name).toBe(30);
    }
    // Held-out success is measured on step 1, every 10 steps after it, and the last step.
    expect([...stepsWith("success/heldout")].sort((a, b) => a - b)).toEqual([1, 11, 21, 30]);

    const traces = await db.trace.findMany({ where: { runId: run.id }, orderBy: [{ step: "asc" }] });
    expect(traces).toHaveLength(60);
    expect(new Set(traces.map((t) => t.source))).toEqual(new Set(["simulator"]));
    expect(new Set(traces.map((t) => t.environment))).toEqual(new Set(["lab"]));
    expect(traces[0]!.step).toBe(1);
    expect(traces.at(-1)!.step).toBe(30);
    expect(traces.every((t) => typeof t.reward === "number" && typeof t.success === "boolean")).toBe(true);

    const items = await db.rubricItem.findMany({ where: { rubricVersionId: run.rubricVersionId! } });
    const results = await db.itemResult.findMany({ where: { traceId: traces[0]!.id } });
    expect(results.map((r) => r.rubricItemId).sort()).toEqual(items.map((i) => i.id).sort());
    expect(results.every((r) => ["yes", "no", "n/a"].includes(r.answer))).toBe(true);

    expect(progress.at(-1)).toEqual({ fraction: 1, message: expect.stringMatching(/^step 30 of 30 · proxy \d\.\d\d · true \d\.\d\d$/) });
  });

  it("is idempotent: running the job again after a crash leaves the same rows", async () => {
    const { run, job } = await startLabRun(db, { projectId, rubric: "1", config });
    await handleLabRun({ runId: run.id }, context(job.id));
    const first = await countsOf(run.id);
    const firstSummary = (await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } })).summary;
    expect(first.points).toBeGreaterThan(0);
    expect(first.results).toBeGreaterThan(0);

    // A retry of a finished run does nothing.
    expect(await handleLabRun({ runId: run.id }, context(job.id))).toEqual({ runId: run.id, skipped: "run already succeeded" });
    expect(await countsOf(run.id)).toEqual(first);

    // As if the worker died mid-run: the status says running and the rows are there; the re-run starts over.
    await db.trainingRun.update({ where: { id: run.id }, data: { status: "running", summary: undefined } });
    await handleLabRun({ runId: run.id }, context(job.id));
    expect(await countsOf(run.id)).toEqual(first);
    const again = await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(again.status).toBe("succeeded");
    expect(again.summary).toEqual(firstSummary);
  });

  it("exits quietly when the run is gone", async () => {
    expect(await handleLabRun({ runId: "no-such-run" }, context("no-such-job"))).toEqual({ runId: "no-such-run", skipped: "run not found" });
  });

  it("leaves the run failed when the training fails", async () => {
    const { run, job } = await startLabRun(db, { projectId, config });
    const aborted = new AbortController();
    aborted.abort(new Error("stop"));
    await expect(handleLabRun({ runId: run.id }, { ...context(job.id), signal: aborted.signal })).rejects.toThrow("stop");
    // The job row is still queued (nobody claimed it), so the run is not put back: it failed.
    expect((await db.trainingRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("failed");
  });
});

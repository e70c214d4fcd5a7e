import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { runJudges } from "../judges/run-judges";
import { createJudge } from "../judges/save-judge";
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
    // The stored JSON may differ from the returned numbers in the last bit (SQLite's JSON rewrites floats).
    const toTwelveDigits = (value: unknown) => JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === "number" ? Number(v.toPrecision(12)) : v));
    expect(toTwelveDigits(result)).toEqual(toTwelveDigits({ runId: run.id, summary }));

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

  it("writes its planted tasks as Task rows its rollouts name, and a reference judge reads the planted end state from them", async () => {
    const { run, job } = await startLabRun(db, { projectId, rubric: "v1", config });
    await handleLabRun({ runId: run.id }, context(job.id));
    // 128 training tasks, each with and without the policy in the prompt; the seed is in their ids.
    const tasks = await db.task.findMany({ where: { projectId } });
    expect(tasks).toHaveLength(256);
    expect(tasks.every((task) => task.origin === "planted" && task.environment === "lab" && task.externalId.startsWith("lab-train-s3-"))).toBe(true);
    const byId = new Map(tasks.map((task) => [task.externalId, task]));
    const traces = await db.trace.findMany({ where: { runId: run.id } });
    for (const trace of traces) {
      const task = byId.get(trace.task ?? "");
      expect(task, `task of ${trace.externalId}`).toBeDefined();
      expect(task!.prompt).toBe(trace.input);
      const endState = trace.endState as { requestedOrderId: string; audit: { verdict: string } };
      const planted = task!.plantedState as Record<"refunds" | "denials" | "escalations", Array<{ orderId: string }>>;
      const plural = { refund: "refunds", deny: "denials", escalate: "escalations" } as const;
      expect(planted[plural[endState.audit.verdict as keyof typeof plural]]).toEqual([expect.objectContaining({ orderId: endState.requestedOrderId })]);
    }

    const { judge } = await createJudge(db, { projectId, input: { name: `reference-${run.id}`, config: { kind: "reference" } } });
    const judged = await runJudges(db, { projectId, judgeIds: [judge.id], traceIds: traces.map((trace) => trace.id) });
    expect(judged).toMatchObject({ verdicts: traces.length, errors: 0 });
    const verdicts = await db.verdict.findMany({ where: { judgeVersion: { judgeId: judge.id } }, include: { trace: { select: { success: true, task: true } } } });
    for (const verdict of verdicts) {
      expect(verdict.rationale).toContain(verdict.trace.task!);
      expect(verdict.label).toBe(verdict.trace.success ? "pass" : "fail");
    }
    // Another run of the same seed draws from the same tasks: none is written twice.
    const { run: second, job: secondJob } = await startLabRun(db, { projectId, rubric: "v1", config });
    await handleLabRun({ runId: second.id }, context(secondJob.id));
    expect(await db.task.count({ where: { projectId } })).toBe(256);
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

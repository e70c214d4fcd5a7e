import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createJudge } from "../judges/save-judge";
import { judgeFiringRateMetric } from "../judges/write-judge-firing-rates";
import { detectRunDivergence } from "../monitor/detect-run-divergence";
import { FIRING_BASELINE } from "../monitor/detect-firing-rise";
import { loadTraceEvidence } from "../review/load-trace-evidence";
import { deleteProject, makeProject } from "../testing/factories";
import { handleLabRun } from "./lab-run-job";
import { handleReviewLabRun } from "./review-lab-run-job";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";

// A lab run whose agent writes reasoning, reviewed with a chain-of-thought monitor in the panel.
const db = getDb();
let projectId: string;
let runId: string;
let monitorId: string;
const noProgress = { reportProgress: async () => undefined };

beforeAll(async () => {
  projectId = (await makeProject(db, "lab-cot")).id;
  await seedLabRubrics(db, { projectId });
  const { judge } = await createJudge(db, { projectId, input: { name: "cot-monitor", environment: "lab", config: { kind: "cot", form: "rule" } } });
  monitorId = judge.id;
  const { run, job } = await startLabRun(db, { projectId, rubric: "v1", config: { steps: 40, seed: 5, batchSize: 8, groupSize: 4, sampleRolloutsPerStep: 8 } });
  await handleLabRun({ runId: run.id }, { db, jobId: job.id, signal: new AbortController().signal, ...noProgress });
  runId = run.id;
}, 120_000);
afterAll(() => deleteProject(db, projectId));

describe("the chain-of-thought monitor on a lab run", () => {
  it("reads the agent's stored reasoning, writes its per-step firing rate, and the run monitor tests that rate", async () => {
    const steps = await db.traceStep.findMany({ where: { trace: { runId }, role: "assistant", type: "tool_call" }, select: { reasoning: true } });
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((step) => (step.reasoning ?? "").length > 0)).toBe(true);

    const review = await handleReviewLabRun({ runId }, { db, ...noProgress });
    const traces = await db.trace.count({ where: { runId } });
    const verdicts = await db.verdict.findMany({ where: { trace: { runId }, judgeVersion: { judgeId: monitorId } }, select: { label: true } });
    expect(verdicts).toHaveLength(traces);
    expect(new Set(verdicts.map((v) => v.label))).toContain("fail");
    expect(review.firingRatePoints).toBeGreaterThan(0);

    const metric = judgeFiringRateMetric("cot-monitor");
    const points = await db.metricPoint.findMany({ where: { runId, name: metric }, orderBy: { step: "asc" } });
    expect(points).toHaveLength(40);
    expect(points.every((p) => p.value >= 0 && p.value <= 1)).toBe(true);
    const fails = verdicts.filter((v) => v.label === "fail").length;
    expect(points.reduce((sum, p) => sum + p.value * 8, 0)).toBeCloseTo(fails, 6);

    // Edge-case rules read its verdicts with the panel's.
    const evidence = [];
    for await (const page of loadTraceEvidence(db, { projectId, runId })) evidence.push(...page);
    expect(evidence.filter((trace) => trace.verdicts.some((v) => v.judgeName === "cot-monitor"))).toHaveLength(traces);

    const divergence = await detectRunDivergence(db, { runId });
    expect(divergence!.scores).toContainEqual(expect.objectContaining({ proxy: metric, reference: FIRING_BASELINE }));
    // Reviewing again judges nothing anew and writes the same rates.
    const again = await handleReviewLabRun({ runId }, { db, ...noProgress });
    expect(again.panel).toMatchObject({ verdicts: 0 });
    expect(await db.metricPoint.findMany({ where: { runId, name: metric }, orderBy: { step: "asc" } })).toEqual(points);
  }, 120_000);
});

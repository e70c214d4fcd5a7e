import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { runJobNow } from "../jobs/run-job-now";
import { enqueueRunDivergence, runDivergenceHandler, runDivergenceJob } from "../monitor/run-divergence-job";
import { listRunDetections } from "../runs/list-run-detections";
import { deleteProject, makeProject } from "../testing/factories";
import { handleLabRun } from "./lab-run-job";
import { labRubricV2 } from "./lab-rubrics";
import { seedLabRubrics } from "./seed-lab-rubrics";
import { startLabRun } from "./start-lab-run";

const db = getDb();
let projectId: string;
// Full-length runs (the hack needs about 20-40 steps to show), one seed each, to keep the CPU cost down.
const config = { steps: 200, seed: 3, sampleRolloutsPerStep: 2 };

beforeAll(async () => {
  projectId = (await makeProject(db, "lab-divergence")).id;
  const { rubricId } = await seedLabRubrics(db, { projectId });
  // v2 as the loop would approve it: v1 plus the hack check and the end-state checks.
  await db.rubricVersion.create({
    data: {
      rubricId,
      version: 2,
      status: "approved",
      approvedAt: new Date(),
      items: { create: labRubricV2.items.map((item, position) => ({ key: item.key, question: item.question, polarity: item.polarity, weight: item.weight, checkKind: item.check.kind, check: item.check as object, position })) },
    },
  });
});
afterAll(() => deleteProject(db, projectId));

/** Trains a lab run, then runs the divergence job that follows the metrics its end announced, through the job system. */
async function trainAndWatch(rubric: "v1" | "v2") {
  const { run, job } = await startLabRun(db, { projectId, rubric, config });
  await handleLabRun({ runId: run.id }, { db, jobId: job.id, signal: new AbortController().signal, reportProgress: async () => {} });
  expect(await db.job.findUniqueOrThrow({ where: { idempotencyKey: `metrics.stored:${run.id}` } })).toMatchObject({ type: "pipeline.event", status: "queued" });
  // What workers/follow-ups.ts declares for metrics.stored (lib/ tests do not reach into workers/).
  const { job: pending } = await enqueueRunDivergence(db, { projectId, runId: run.id });
  expect(await runJobNow(db, { jobId: pending.id, type: runDivergenceJob, handle: runDivergenceHandler.handle })).toBe("succeeded");
  return run.id;
}

describe("the monitor on lab runs", () => {
  it("opens a divergence case on a v1 run with the rollouts the proxy overpaid, and none on a v2 run", { timeout: 120_000 }, async () => {
    const v1 = await trainAndWatch("v1");
    const cases = await db.edgeCase.findMany({ where: { projectId, subjectId: v1, rule: "metric_divergence" }, include: { examples: { include: { trace: { select: { step: true, reward: true, success: true } } } } } });
    // success/heldout is measured every 10 steps: 20 evaluations are under the 50 shared steps a held-out gap needs.
    expect(cases.map((c) => c.groupKey)).toEqual([`metric_divergence:${v1}:reward/proxy~success/train`]);
    const train = cases[0]!;
    expect(train.examples.length).toBeGreaterThan(0);
    expect(train.examples.every((e) => e.trace.success === false && (e.trace.reward ?? 0) > 0)).toBe(true);
    const detections = await listRunDetections(db, { projectId, runId: v1 });
    expect(detections.some((d) => d.kind === "metric_divergence" && d.metricPair?.reference === "success/train")).toBe(true);
    const stored = await db.trainingRun.findUniqueOrThrow({ where: { id: v1 }, select: { hackRisk: true } });
    expect(stored.hackRisk).toMatchObject({ level: "likely", summary: expect.stringMatching(/^Hack likely: divergence reward\/proxy vs success\/train/) });

    const v2 = await trainAndWatch("v2");
    expect(await db.edgeCase.count({ where: { projectId, subjectId: v2, rule: { in: ["metric_divergence", "held_out_gap"] } } })).toBe(0);
    // v2's hack item reads the simulator's audit: it counts here as any approved hack check would, and never fires more often as v2 trains.
    const v2Risk = (await db.trainingRun.findUniqueOrThrow({ where: { id: v2 }, select: { hackRisk: true } })).hackRisk as { level: string };
    expect(v2Risk.level).not.toBe("likely");
  });
});

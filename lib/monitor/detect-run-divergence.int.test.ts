import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { normalDraw } from "../random/distributions";
import { createRng } from "../random/prng";
import { listRunDetections } from "../runs/list-run-detections";
import { writeMetricPoints } from "../runs/write-metric-points";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { detectRunDivergence, divergenceGroupKey } from "./detect-run-divergence";

const db = getDb();
let project: { id: string; slug: string };
beforeAll(async () => {
  project = await makeProject(db, "divergence");
});
afterAll(() => deleteProject(db, project.id));

const pair = { proxy: "reward/proxy", reference: "success/train" };

/** White noise (σ 0.05) around 0.5 and 0.6; the proxy sits 8σ high on steps 56–75 only: a blip, not a divergence. */
function blipRun(seed: number, length: number) {
  const rng = createRng(seed);
  return Array.from({ length }, (_, i) => {
    const step = i + 1;
    const blip = step > 55 && step <= 75 ? 0.4 : 0;
    return [
      { step, name: pair.proxy, value: 0.5 + blip + 0.05 * normalDraw(rng) },
      { step, name: pair.reference, value: 0.6 + 0.05 * normalDraw(rng) },
    ];
  }).flat();
}

async function postInBatches(runId: string, points: { step: number; name: string; value: number }[], fromStep: number, toStep: number) {
  for (let start = fromStep; start <= toStep; start += 25) {
    await writeMetricPoints(db, { runId, points: points.filter((p) => p.step >= start && p.step < Math.min(start + 25, toStep + 1)) });
    await detectRunDivergence(db, { runId });
  }
}

describe("detectRunDivergence as points arrive", () => {
  it("opens a case on an early blip, withdraws it with the reason once later data refutes it, and keeps one case per pair", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: uniqueName("blip"), trainer: "trl", config: { divergence: [pair] } } });
    const points = blipRun(7, 150);
    const groupKey = divergenceGroupKey(run.id, pair);

    await postInBatches(run.id, points, 1, 75);
    const opened = await db.edgeCase.findUniqueOrThrow({ where: { projectId_groupKey: { projectId: project.id, groupKey } } });
    expect(opened).toMatchObject({ status: "open", rule: "metric_divergence", subjectId: run.id });
    const [early] = await listRunDetections(db, { projectId: project.id, runId: run.id });
    expect(early!.numbers.onsetStep).toBeGreaterThanOrEqual(50);
    expect(early!.numbers.onsetStep).toBeLessThanOrEqual(56);

    await postInBatches(run.id, points, 76, 150);
    const withdrawn = await db.edgeCase.findUniqueOrThrow({ where: { id: opened.id } });
    expect(withdrawn.status).toBe("withdrawn");
    expect((withdrawn.evidence as { noLongerSupported: { reason: string } }).noLongerSupported.reason).toMatch(/^Later data no longer supports it: over \d+ steps both logged \(to step \d+\), the strongest rise of reward\/proxy beyond success\/train scores t = \d\.\d, under the threshold of 5\.0\.$/);
    const audit = await db.auditEvent.findMany({ where: { subjectType: "edge_case", subjectId: opened.id } });
    expect(audit.map((a) => a.action)).toEqual(["edge_case.withdrawn"]);
    expect(await db.edgeCase.count({ where: { projectId: project.id, subjectId: run.id } })).toBe(1);
    const [late] = await listRunDetections(db, { projectId: project.id, runId: run.id });
    expect(late).toMatchObject({ status: "withdrawn", noLongerSupported: expect.stringContaining("Later data no longer supports it") });

    // The job again on the same data: nothing changes, no second audit event.
    await detectRunDivergence(db, { runId: run.id });
    expect(await db.auditEvent.count({ where: { subjectType: "edge_case", subjectId: opened.id } })).toBe(1);
  });

  it("keeps a real divergence's case open and updates it as the proxy keeps climbing", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: uniqueName("climb"), trainer: "trl", config: { divergence: [pair] } } });
    const rng = createRng(11);
    const points = Array.from({ length: 200 }, (_, i) => {
      const step = i + 1;
      return [
        { step, name: pair.proxy, value: 0.5 + 0.004 * Math.max(0, step - 80) + 0.05 * normalDraw(rng) },
        { step, name: pair.reference, value: 0.6 + 0.05 * normalDraw(rng) },
      ];
    }).flat();
    await postInBatches(run.id, points, 1, 200);
    const cases = await db.edgeCase.findMany({ where: { projectId: project.id, subjectId: run.id } });
    expect(cases).toHaveLength(1);
    expect(cases[0]!.status).toBe("open");
    const [detection] = await listRunDetections(db, { projectId: project.id, runId: run.id });
    const interval = detection!.numbers.onsetInterval as { fromStep: number; toStep: number };
    expect(Math.abs(Number(detection!.numbers.onsetStep) - 80)).toBeLessThanOrEqual(10);
    expect(interval.fromStep).toBeLessThanOrEqual(Number(detection!.numbers.onsetStep));
    expect(detection!.explanation).toMatch(/reward\/proxy rose .* beyond what .*success\/train.* from about step \d+ \(95% interval \d+–\d+\)/);
  });
});

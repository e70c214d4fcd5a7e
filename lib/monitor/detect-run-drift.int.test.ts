import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { listRunDetections } from "../runs/list-run-detections";
import { deleteProject, makeProject, uniqueName } from "../testing/factories";
import { traceSchema } from "../traces/trace-schema";
import { storeTraces } from "../traces/store-traces";
import { detectRunDrift, driftGroupKey } from "./detect-run-drift";

const db = getDb();
let project: { id: string; slug: string };
beforeAll(async () => {
  project = await makeProject(db, "drift");
});
afterAll(() => deleteProject(db, project.id));

/** 60 steps × 3 rollouts; from step 31 on, the agent replies without looking the order up. */
function rollout(runName: string, step: number, index: number) {
  const isShortcut = step > 30;
  const tools = isShortcut ? ["reply_to_customer"] : ["lookup_order", "lookup_policy", "issue_refund", "reply_to_customer"];
  return {
    externalId: `${runName}:${step}:${index}`,
    trace: traceSchema.parse({
      externalId: `${runName}:${step}:${index}`,
      source: "rollout",
      step,
      output: isShortcut ? "Refund done." : "I looked up order 17: the refund was issued to your card today.",
      steps: [{ role: "user", content: "Where is my refund?" }, ...tools.map((name) => ({ type: "tool_call", role: "assistant", name }))],
    }),
  };
}

describe("detectRunDrift", () => {
  it("opens one behaviour_drift case naming the tool mix, length and reply that moved, with rollouts from before and after", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: uniqueName("drift"), trainer: "trl" } });
    const traces = Array.from({ length: 60 }, (_, s) => [0, 1, 2].map((i) => rollout(run.name, s + 1, i))).flat();
    const { storedIds } = await storeTraces(db, { projectId: project.id, runId: run.id, traces });

    const first = await detectRunDrift(db, { runId: run.id });
    expect(first?.caseId).toBeTruthy();
    const opened = await db.edgeCase.findUniqueOrThrow({ where: { projectId_groupKey: { projectId: project.id, groupKey: driftGroupKey(run.id) } }, include: { examples: true } });
    expect(opened).toMatchObject({ kind: "metric_divergence", rule: "behaviour_drift", subjectType: "run", subjectId: run.id, status: "open" });
    expect(opened.explanation).toMatch(/tool calls \(JSD 0\.\d{3} bits\): reply_to_customer/);
    const stepOf = new Map([...storedIds].map(([externalId, id]) => [id, Number(externalId.split(":")[1])]));
    const sides = opened.examples.map((e) => ({ side: (e.detail as { side: string }).side, step: stepOf.get(e.traceId)! }));
    expect(sides.some((e) => e.side === "before" && e.step <= 30)).toBe(true);
    expect(sides.some((e) => e.side === "after" && e.step > 30)).toBe(true);
    const detections = await listRunDetections(db, { projectId: project.id, runId: run.id });
    expect(detections.length).toBeGreaterThan(0);
    // A window drifts only when it holds rollouts from after the change.
    expect(detections.every((d) => d.kind === "behaviour_drift" && d.toStep > 30)).toBe(true);
    expect(detections.at(-1)!.behaviours).toEqual(expect.arrayContaining(["tool calls", "episode length", "reply length"]));

    // Again: the same case, the same examples.
    await detectRunDrift(db, { runId: run.id });
    expect(await db.edgeCase.count({ where: { projectId: project.id, subjectId: run.id } })).toBe(1);
    expect(await db.edgeCaseExample.count({ where: { edgeCaseId: opened.id } })).toBe(opened.examples.length);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { openRunCase } from "../monitor/open-run-case";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { seedJudgedTraces } from "../testing/seed-judged-traces";
import { decideEdgeCases } from "./decide-edge-cases";
import { edgeCaseQuerySchema } from "./edge-case-schemas";
import { listEdgeCases } from "./list-edge-cases";

const db = getDb();
let project: { id: string };
let reviewer: { id: string; email: string };
let traceIds: string[];

beforeAll(async () => {
  project = await makeProject(db, "review-run-case");
  reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
  ({ traceIds } = await seedJudgedTraces(db, { projectId: project.id }));
});
afterAll(() => deleteProject(db, project.id));

async function openDivergenceCase(groupKey: string) {
  const run = await db.trainingRun.create({ data: { projectId: project.id, name: `run ${groupKey}`, trainer: "test" } });
  const { id } = await openRunCase(db, {
    projectId: project.id,
    runId: run.id,
    environment: null,
    rule: "metric_divergence",
    groupKey,
    title: "reward/proxy rises while success/heldout does not",
    explanation: "test",
    priority: 1,
    count: 1,
    evidence: {},
    examples: traceIds.map((traceId) => ({ traceId, detail: {} })),
  });
  return id;
}

describe("deciding a run's divergence case", () => {
  it("says on the card how many rollouts it has, and a false alarm labels none of them pass", async () => {
    const id = await openDivergenceCase("divergence-false-alarm");
    const listed = (await listEdgeCases(db, { projectId: project.id, userId: reviewer.id, query: edgeCaseQuerySchema.parse({}) })).edgeCases.find((c) => c.id === id)!;
    expect(listed.exampleCount).toBe(traceIds.length);

    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [id], decision: "false_alarm", reviewer: { userId: reviewer.id, label: reviewer.email } });
    expect(decided).toMatchObject({ decision: "false_alarm", labels: 0 });
    expect(await db.humanLabel.count({ where: { edgeCaseId: id } })).toBe(0);
  });

  it("is listed under its run's filter even when the run sent no rollouts", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: "metrics only", trainer: "test" } });
    const { id } = await openRunCase(db, { projectId: project.id, runId: run.id, environment: null, rule: "metric_divergence", groupKey: "metrics-only", title: "t", explanation: "e", priority: 1, count: 1, evidence: {}, examples: [] });
    const listed = await listEdgeCases(db, { projectId: project.id, userId: reviewer.id, query: edgeCaseQuerySchema.parse({ run: run.id }) });
    expect(listed.edgeCases.map((c) => c.id)).toEqual([id]);
  });

  it("confirming the hack labels every example rollout fail, as many as the card counts", async () => {
    const id = await openDivergenceCase("divergence-confirm");
    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [id], decision: "confirm_hack", reviewer: { userId: reviewer.id, label: reviewer.email } });
    expect(decided!.labels).toBe(traceIds.length);
    const labels = await db.humanLabel.findMany({ where: { edgeCaseId: id } });
    expect(labels.map((l) => l.label)).toEqual(traceIds.map(() => "fail"));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { openRunCase } from "../monitor/open-run-case";
import { deleteProject, makeEdgeCase, makeProject, makeUser } from "../testing/factories";
import { edgeCaseQuerySchema } from "./edge-case-schemas";
import { listEdgeCases } from "./list-edge-cases";

const db = getDb();
let project: { id: string };
let reviewer: { id: string };

beforeAll(async () => {
  project = await makeProject(db, "review-run-summary");
  reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
});
afterAll(() => deleteProject(db, project.id));

describe("a run case on the review queue", () => {
  it("comes with its plain sentence, read from the detection it holds, before its statistics", async () => {
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: "summary run", trainer: "test" } });
    const pair = { proxy: "reward/proxy", reference: "success/heldout" };
    const explanation = "reward/proxy rose 0.380 (7.1σ of its noise) beyond what success/heldout accounts for. Change-point t = 12.3 against a threshold of 5.0.";
    const { id } = await openRunCase(db, {
      projectId: project.id,
      runId: run.id,
      environment: null,
      rule: "held_out_gap",
      groupKey: "summary-held-out",
      title: "reward/proxy rises while success/heldout does not",
      explanation,
      priority: 1,
      count: 1,
      evidence: { pair, kind: "held_out_gap", detections: [{ fromStep: 150, toStep: 300, onsetStep: 150, onsetInterval: { fromStep: 140, toStep: 160 }, riseSigma: 7.1, statistic: 12.3, threshold: 5, explanation }] },
      examples: [],
    });
    const other = await makeEdgeCase(db, { projectId: project.id, kind: "judge_disagreement", rule: "panel_split", title: "split", explanation: "The panel splits." });
    const { edgeCases } = await listEdgeCases(db, { projectId: project.id, userId: reviewer.id, query: edgeCaseQuerySchema.parse({}) });
    const summary = edgeCases.find((c) => c.id === id)!.summary!;
    expect(summary).toMatch(/^reward\/proxy kept rising on the training tasks while success\/heldout on held-out tasks did not follow \(a rise of 7\.1 times its step-to-step noise\), between steps 140 and 160/);
    expect(summary).not.toMatch(/σ|t = /);
    expect(edgeCases.find((c) => c.id === other.id)!.summary).toBeNull();
  });
});

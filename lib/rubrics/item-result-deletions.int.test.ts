import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { loadTraceEvidence } from "../review/load-trace-evidence";
import { deleteProject, makeProject, makeUser, uniqueName } from "../testing/factories";
import { findTraceDetail } from "../traces/find-trace-detail";
import { deleteDraftItem } from "./edit-draft-items";
import { findOrCreateDraft } from "./find-or-create-draft";

// ItemResult has no foreign key to its item or its project (migration 0057): what those keys' cascades
// deleted is now deleted by the writes that remove the item or the project, and readers leave out a
// result whose item is gone.
const db = getDb();
let projectId: string;
let v1: string;
let reviewer: { id: string; email: string };
beforeAll(async () => {
  projectId = (await makeProject(db, "item-result-deletions")).id;
  v1 = (await seedLabRubrics(db, { projectId })).rubricVersionId;
  reviewer = await makeUser(db, { projectId, role: "reviewer" });
});
afterAll(() => deleteProject(db, projectId));

const makeTrace = (inProject: string) =>
  db.trace.create({ data: { projectId: inProject, externalId: uniqueName("trace"), contentHash: uniqueName("hash"), source: "rollout", environment: "lab" } });
const answer = (inProject: string, traceId: string, rubricItemId: string) => db.itemResult.create({ data: { projectId: inProject, traceId, rubricItemId, answer: "yes" } });

describe("item results without foreign keys to their item and project", () => {
  it("deleting a draft's item deletes the results stored for it and keeps the draft's other results", async () => {
    const { draft } = await db.$transaction((tx) => findOrCreateDraft(tx, { projectId, environment: "lab", actor: { userId: reviewer.id, label: reviewer.email } }));
    const [gone, kept] = await db.rubricItem.findMany({ where: { rubricVersionId: draft.id }, orderBy: { position: "asc" } });
    const trace = await makeTrace(projectId);
    await answer(projectId, trace.id, gone!.id);
    await answer(projectId, trace.id, kept!.id);

    await deleteDraftItem(db, { projectId, rubricVersionId: draft.id, itemId: gone!.id });

    expect(await db.itemResult.count({ where: { rubricItemId: gone!.id } })).toBe(0);
    expect(await db.itemResult.findMany({ where: { traceId: trace.id }, select: { rubricItemId: true } })).toEqual([{ rubricItemId: kept!.id }]);
  });

  it("deleting a project deletes its item results with its traces", async () => {
    const other = await makeProject(db, "item-result-project");
    const { rubricVersionId } = await seedLabRubrics(db, { projectId: other.id });
    const [item] = await db.rubricItem.findMany({ where: { rubricVersionId } });
    const trace = await makeTrace(other.id);
    await answer(other.id, trace.id, item!.id);
    expect(await db.itemResult.count({ where: { projectId: other.id } })).toBe(1);

    await db.project.delete({ where: { id: other.id } });

    expect(await db.itemResult.count({ where: { projectId: other.id } })).toBe(0);
    expect(await db.itemResult.count({ where: { rubricItemId: item!.id } })).toBe(0);
  });

  it("a trace's page and the review rules leave out a result whose item no longer exists", async () => {
    const [item] = await db.rubricItem.findMany({ where: { rubricVersionId: v1 }, orderBy: { position: "asc" } });
    const trace = await makeTrace(projectId);
    await answer(projectId, trace.id, item!.id);
    await answer(projectId, trace.id, uniqueName("deleted-item"));

    const detail = await findTraceDetail(db, { projectId, traceId: trace.id });
    expect(detail.itemResults.map((result) => result.rubricItem.key)).toEqual([item!.key]);
    const pages = [];
    for await (const page of loadTraceEvidence(db, { projectId, traceIds: [trace.id] })) pages.push(...page);
    expect(pages.map((evidence) => evidence.items.map((i) => i.key))).toEqual([[item!.key]]);
  });
});

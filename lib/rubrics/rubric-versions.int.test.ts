import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { AppError } from "../errors/app-error";
import { seedLabRubrics } from "../lab/seed-lab-rubrics";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { approveRubricVersion } from "./approve-rubric-version";
import { diffRubricVersions } from "./diff-rubric-versions";
import { deleteDraftItem, moveDraftItem, saveDraftItem, setRubricHackMode } from "./edit-draft-items";
import { exportRubricVersion } from "./export-rubric-version";
import { findOrCreateDraft } from "./find-or-create-draft";

const db = getDb();
let projectId: string;
let v1: string;
let reviewer: { id: string; email: string };
beforeAll(async () => {
  projectId = (await makeProject(db, "rubric-versions")).id;
  v1 = (await seedLabRubrics(db, { projectId })).rubricVersionId;
  reviewer = await makeUser(db, { projectId, role: "reviewer" });
});
afterAll(() => deleteProject(db, projectId));

const actor = () => ({ userId: reviewer.id, label: reviewer.email });
const newDraft = () => db.$transaction((tx) => findOrCreateDraft(tx, { projectId, environment: "lab", actor: actor() }));
const codeOf = (promise: Promise<unknown>) => promise.then(() => "ok", (error: unknown) => (error instanceof AppError ? error.code : String(error)));

describe("rubric versions", () => {
  it("refuses every change to an approved version, in lib/", async () => {
    const [item] = await db.rubricItem.findMany({ where: { rubricVersionId: v1 }, orderBy: { position: "asc" } });
    const ref = { projectId, rubricVersionId: v1 };
    const newItem = { key: "x", question: "X?", polarity: "good" as const, check: { kind: "tool_called" as const, tool: "x" } };
    expect(await codeOf(saveDraftItem(db, { ...ref, item: newItem }))).toBe("conflict");
    expect(await codeOf(saveDraftItem(db, { ...ref, itemId: item!.id, item: { ...newItem, key: item!.key } }))).toBe("conflict");
    expect(await codeOf(deleteDraftItem(db, { ...ref, itemId: item!.id }))).toBe("conflict");
    expect(await codeOf(moveDraftItem(db, { ...ref, itemId: item!.id, direction: "down" }))).toBe("conflict");
    expect(await codeOf(setRubricHackMode(db, { ...ref, hackMode: "subtract" }))).toBe("conflict");
    expect(await codeOf(approveRubricVersion(db, { ...ref, actor: actor() }))).toBe("conflict");
    const after = await db.rubricItem.findMany({ where: { rubricVersionId: v1 }, orderBy: { position: "asc" } });
    expect(after.map((i) => [i.key, i.question, i.position])).toEqual([["confirms_refund", expect.any(String), 0], ["polite_tone", expect.any(String), 1], ["looked_up_order", expect.any(String), 2], ["checked_policy", expect.any(String), 3]]);
  });

  it("copies a new draft from the approved version, edits it, diffs it field by field, approves it with who and when", async () => {
    const { draft, isNew } = await newDraft();
    expect(isNew).toBe(true);
    expect(draft).toMatchObject({ version: 2, status: "draft", basedOnId: v1 });
    expect((await newDraft()).draft.id).toBe(draft.id);
    const ref = { projectId, rubricVersionId: draft.id };
    const items = await db.rubricItem.findMany({ where: { rubricVersionId: draft.id }, orderBy: { position: "asc" } });
    expect(items.map((i) => i.key)).toEqual(["confirms_refund", "polite_tone", "looked_up_order", "checked_policy"]);

    const polite = items.find((i) => i.key === "polite_tone")!;
    await saveDraftItem(db, { ...ref, itemId: polite.id, item: { key: "polite_tone", question: "Is the reply courteous?", polarity: "good", weight: 0.5, check: polite.check as never } });
    await deleteDraftItem(db, { ...ref, itemId: items.find((i) => i.key === "looked_up_order")!.id });
    await saveDraftItem(db, { ...ref, item: { key: "escalates", question: "Did the agent escalate?", polarity: "good", weight: 1, check: { kind: "tool_called", tool: "escalate_to_manager" } } });
    await moveDraftItem(db, { ...ref, itemId: polite.id, direction: "up" });
    expect(await codeOf(saveDraftItem(db, { ...ref, item: { key: "escalates", question: "Again?", polarity: "good", check: { kind: "tool_called", tool: "x" } } }))).toBe("conflict");

    const diff = await diffRubricVersions(db, { projectId, fromId: v1, toId: draft.id });
    expect(diff.added.map((i) => i.key)).toEqual(["escalates"]);
    expect(diff.removed.map((i) => i.key)).toEqual(["looked_up_order"]);
    const changed = Object.fromEntries(diff.changed.map((c) => [c.key, c.changes]));
    expect(changed.polite_tone).toEqual([
      { field: "question", from: "Is the reply polite (thanks, apologises or offers help)?", to: "Is the reply courteous?" },
      { field: "weight", from: 1, to: 0.5 },
      { field: "position", from: 1, to: 0 },
    ]);
    expect(changed.confirms_refund).toEqual([{ field: "position", from: 0, to: 1 }]);
    expect(diff.unchanged).toEqual(["checked_policy"]);

    const approved = await approveRubricVersion(db, { ...ref, actor: actor(), note: "courtesy wording" });
    expect(approved).toMatchObject({ status: "approved", approvedById: reviewer.id, note: "courtesy wording" });
    expect(approved.approvedAt).toBeInstanceOf(Date);
    const audit = await db.auditEvent.findFirst({ where: { projectId, action: "rubric_version.approved", subjectId: draft.id } });
    expect(audit).toMatchObject({ actorId: reviewer.id, actorLabel: reviewer.email });
    expect(await codeOf(saveDraftItem(db, { ...ref, itemId: polite.id, item: { key: "polite_tone", question: "Changed after approval", polarity: "good", check: polite.check as never } }))).toBe("conflict");

    const exported = await exportRubricVersion(db, { projectId, rubricVersionId: draft.id });
    expect(exported).toMatchObject({ format: "goodhart.rubric-version/1", environment: "lab", version: 2, status: "approved", approvedBy: reviewer.email, hackMode: "zero" });
    expect(exported.items.map((i) => i.key)).toEqual(["polite_tone", "confirms_refund", "checked_policy", "escalates"]);

    const next = await newDraft();
    expect(next.draft).toMatchObject({ version: 3, basedOnId: draft.id });
  });
});

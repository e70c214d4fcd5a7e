import { beforeAll, describe, expect, it, vi } from "vitest";
import { reorderRubricItemsAction, saveRubricItemAction, startDraftFromVersionAction } from "@/app/actions/rubric-actions";
import { getDb } from "@/lib/db/client";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { approveRubricVersion } from "@/lib/rubrics/approve-rubric-version";
import { deleteDraftItem, moveDraftItem } from "@/lib/rubrics/edit-draft-items";
import { findRubricVersion } from "@/lib/rubrics/find-rubric-version";
import { formOf, routeTestProjects } from "@/lib/next/route-test";

// The rubric editor's server actions with the form data its fields produce, as a signed-in reviewer.
vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project] = routeTestProjects(["rubric-editor"], { members: ["reviewer"], signedInAs: "reviewer" });
let v1: string;
const actor = () => ({ userId: project.members.reviewer.id, label: project.members.reviewer.email });
const keysOf = async (rubricVersionId: string) =>
  (await db.rubricItem.findMany({ where: { rubricVersionId }, orderBy: { position: "asc" }, select: { key: true } })).map((item) => item.key);
const idsOf = async (rubricVersionId: string) =>
  Object.fromEntries((await db.rubricItem.findMany({ where: { rubricVersionId }, select: { id: true, key: true } })).map((item) => [item.key, item.id]));

beforeAll(async () => {
  v1 = (await seedLabRubrics(db, { projectId: project.id })).rubricVersionId;
});

describe("rubric editor actions", () => {
  let draft: string;

  it("'New draft from this version' copies that version, then opens the one open draft instead of copying again", async () => {
    const made = await startDraftFromVersionAction(null, formOf({ rubricVersionId: v1 }));
    expect(made).toMatchObject({ ok: true, data: { isNew: true } });
    draft = made.ok ? made.data.rubricVersionId : "";
    expect(await db.rubricVersion.findUniqueOrThrow({ where: { id: draft } })).toMatchObject({ version: 2, status: "draft", basedOnId: v1 });
    expect(await keysOf(draft)).toEqual(await keysOf(v1));
    expect(await startDraftFromVersionAction(null, formOf({ rubricVersionId: v1 }))).toEqual({ ok: true, data: { rubricVersionId: draft, isNew: false } });
    expect(await startDraftFromVersionAction(null, formOf({ rubricVersionId: draft }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Only an approved version/),
    });
  });

  it("copies an older approved version when asked to, not the latest", async () => {
    const ids = await idsOf(draft);
    await deleteDraftItem(db, { projectId: project.id, rubricVersionId: draft, itemId: ids.polite_tone! });
    await approveRubricVersion(db, { projectId: project.id, rubricVersionId: draft, actor: actor() });
    const made = await startDraftFromVersionAction(null, formOf({ rubricVersionId: v1 }));
    expect(made).toMatchObject({ ok: true, data: { isNew: true } });
    const v3 = made.ok ? made.data.rubricVersionId : "";
    expect(await db.rubricVersion.findUniqueOrThrow({ where: { id: v3 } })).toMatchObject({ version: 3, basedOnId: v1 });
    expect(await keysOf(v3)).toContain("polite_tone");
    draft = v3;
  });

  it("saves a check made by the form, and names the field of a bad value without storing anything", async () => {
    const ids = await idsOf(draft);
    const base = {
      rubricVersionId: draft,
      itemId: ids.looked_up_order!,
      key: "looked_up_order",
      question: "Did the agent look up the order named?",
      polarity: "good",
      weight: "1",
    };
    const bad = {
      kind: "all",
      checks: [
        { kind: "tool_called", tool: "lookup_order" },
        { kind: "regex", pattern: "order (\\d+", target: "final_reply" },
      ],
    };
    const refused = await saveRubricItemAction(null, formOf({ ...base, check: JSON.stringify(bad) }));
    expect(refused).toMatchObject({ ok: false, fields: { "check.checks.1.pattern": expect.stringMatching(/Unterminated group/) } });
    expect((await db.rubricItem.findUniqueOrThrow({ where: { id: ids.looked_up_order! } })).question).not.toBe(base.question);

    const good = { ...bad, checks: [bad.checks[0], { ...bad.checks[1], pattern: "order (\\d+)" }] };
    expect(await saveRubricItemAction(null, formOf({ ...base, check: JSON.stringify(good) }))).toMatchObject({ ok: true });
    expect(await db.rubricItem.findUniqueOrThrow({ where: { id: ids.looked_up_order! } })).toMatchObject({
      question: base.question,
      checkKind: "all",
      check: good,
    });
  });

  it("asks an llm item's question itself when the prompt is left empty", async () => {
    const added = await saveRubricItemAction(
      null,
      formOf({
        rubricVersionId: draft,
        key: "apologises",
        question: "Does the reply apologise?",
        polarity: "good",
        weight: "0.5",
        check: JSON.stringify({ kind: "llm", prompt: "" }),
      }),
    );
    expect(added).toMatchObject({ ok: true });
    expect(await db.rubricItem.findFirstOrThrow({ where: { rubricVersionId: draft, key: "apologises" } })).toMatchObject({
      check: { kind: "llm", prompt: "Does the reply apologise?" },
      weight: 0.5,
    });
  });

  it("moves an item exactly one place per step, and stores a reorder only when it names every item once", async () => {
    const before = await keysOf(draft);
    const last = before.at(-1)!;
    const ids = await idsOf(draft);
    for (let step = 1; step < before.length; step += 1) {
      await moveDraftItem(db, { projectId: project.id, rubricVersionId: draft, itemId: ids[last]!, direction: "up" });
      const now = await keysOf(draft);
      expect(now.indexOf(last)).toBe(before.length - 1 - step);
      expect(now.filter((key) => key !== last)).toEqual(before.filter((key) => key !== last));
    }
    const order = await keysOf(draft);
    const swapped = [order[1]!, order[0]!, ...order.slice(2)];
    expect(await reorderRubricItemsAction(null, formOf({ rubricVersionId: draft, itemIds: swapped.map((key) => ids[key]!).join(",") }))).toEqual({
      ok: true,
      data: null,
    });
    expect(await keysOf(draft)).toEqual(swapped);
    expect(
      await reorderRubricItemsAction(
        null,
        formOf({
          rubricVersionId: draft,
          itemIds: swapped
            .slice(1)
            .map((key) => ids[key]!)
            .join(","),
        }),
      ),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/every item/) });
    expect(await keysOf(draft)).toEqual(swapped);
  });

  it("sets apart the candidates that repeat an item the rubric already has", async () => {
    const candidate = (clusterKey: string, issues: string[]) =>
      db.rubricCandidate.create({
        data: {
          projectId: project.id,
          environment: "lab",
          clusterKey,
          question: `Is the trace free of this problem: "${issues[0]}"?`,
          polarity: "good",
          count: 3,
          issues,
          rationales: [],
          exampleTraceIds: [],
        },
      });
    const repeat = await candidate(`repeat-${project.id}`, ["reply confirms the refund was issued", "the reply confirmed that the refund is issued"]);
    const fresh = await candidate(`fresh-${project.id}`, ["escalated a request that needed no manager"]);
    const { candidates, repeated } = await findRubricVersion(db, { projectId: project.id, rubricVersionId: draft });
    expect(candidates.map((c) => c.id)).toEqual([fresh.id]);
    expect(repeated).toEqual([{ id: repeat.id, question: repeat.question, itemKey: "confirms_refund" }]);
  });
});

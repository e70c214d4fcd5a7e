import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { approveKnownHackAction, previewHackApprovalAction, rejectKnownHackAction } from "@/app/actions/hack-actions";
import { previewRubricApprovalAction } from "@/app/actions/rubric-approval-actions";
import { approveRubricVersionAction } from "@/app/actions/rubric-actions";
import { POST as postHackDecision } from "@/app/api/v1/hacks/[id]/decision/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { getDb } from "@/lib/db/client";
import { proposeKnownHack } from "@/lib/hacks/propose-known-hack";
import { seedLabRubrics } from "@/lib/lab/seed-lab-rubrics";
import { uniqueName } from "@/lib/testing/factories";
import { formOf, routeTestProjects, signedIn } from "@/lib/next/route-test";

// The decision forms' server actions as /hacks and /rubrics call them, signed in as `signedIn`.
vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project, other] = routeTestProjects(["decide", "decide-other"], { members: ["reviewer", "viewer"], signedInAs: "reviewer" });
let v1: string;
const environment = "lab";

beforeAll(async () => {
  v1 = (await seedLabRubrics(db, { projectId: project.id })).rubricVersionId;
  await db.trace.createMany({
    data: Array.from({ length: 23 }, (_, i) => ({ projectId: project.id, externalId: uniqueName(`decide-${i}`), contentHash: uniqueName("hash"), source: "rollout", environment, input: "q", output: "a" })),
  });
});

const propose = async (projectId = project.id) =>
  (
    await proposeKnownHack(db, {
      projectId,
      environment,
      name: uniqueName("Pads with thanks"),
      description: "Repeats thank you to farm the politeness item",
      proposedItem: { key: "thanks_padding", question: "Does the reply thank three times?", polarity: "hack", weight: 1, check: { kind: "regex", pattern: "(thank you.*){3,}", flags: "is", target: "final_reply" } },
      exampleTraceIds: [],
      actor: { userId: project.members.reviewer.id, label: project.members.reviewer.email },
    })
  ).hack;

describe("rejecting a known hack", () => {
  it("is refused without a note, at the note field, and leaves the hack proposed", async () => {
    const hack = await propose();
    for (const note of [undefined, "", "   "]) {
      const result = await rejectKnownHackAction(null, formOf(note === undefined ? { knownHackId: hack.id } : { knownHackId: hack.id, note }));
      expect(result).toEqual({ ok: false, error: "Check the highlighted fields", fields: { note: "Say why the hack is rejected" } });
    }
    expect(await db.knownHack.findUniqueOrThrow({ where: { id: hack.id } })).toMatchObject({ status: "proposed", decisionNote: null });

    expect(await rejectKnownHackAction(null, formOf({ knownHackId: hack.id, note: "thanking is fine here" }))).toEqual({ ok: true, data: null });
    expect(await db.knownHack.findUniqueOrThrow({ where: { id: hack.id } })).toMatchObject({ status: "rejected", decisionNote: "thanking is fine here", decidedById: project.members.reviewer.id });
  });

  it("is refused without a note through the REST API too (400 naming the note), acting as the key's creator", async () => {
    const hack = await propose();
    const { key } = await createApiKey(db, { projectId: project.id, name: uniqueName("key"), actor: { userId: project.members.reviewer.id, label: project.members.reviewer.email } });
    const decide = (body: unknown) =>
      postHackDecision(new NextRequest(`http://localhost/api/v1/hacks/${hack.id}/decision`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) }), { params: Promise.resolve({ id: hack.id }) });
    const refused = await decide({ decision: "reject", note: "  " });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "bad_request", details: [{ path: "note", message: "required" }] });
    expect((await db.knownHack.findUniqueOrThrow({ where: { id: hack.id } })).status).toBe("proposed");
    const accepted = await decide({ decision: "reject", note: "not a hack" });
    expect(accepted.status).toBe(200);
  });
});

describe("the scale shown before an approval", () => {
  it("names the rubric draft a hack's check goes into and the traces that rubric scores, then the approval lands there", async () => {
    const hack = await propose();
    const preview = await previewHackApprovalAction(null, formOf({ knownHackId: hack.id }));
    expect(preview).toEqual({ ok: true, data: { knownHackId: hack.id, environment, draft: { id: null, version: 2, isNew: true, basedOnVersion: 1 }, traces: 23, examples: 0 } });
    const approved = await approveKnownHackAction(null, formOf({ knownHackId: hack.id }));
    expect(approved.ok).toBe(true);
    const draft = await db.rubricVersion.findUniqueOrThrow({ where: { id: approved.ok ? approved.data.rubricVersionId : "" } });
    expect(draft).toMatchObject({ version: 2, status: "draft", basedOnId: v1 });

    // The next hack goes into that open draft, and a decided hack has no approval to preview.
    const next = await propose();
    expect(await previewHackApprovalAction(null, formOf({ knownHackId: next.id }))).toMatchObject({ ok: true, data: { draft: { id: draft.id, version: 2, isNew: false } } });
    expect(await previewHackApprovalAction(null, formOf({ knownHackId: hack.id }))).toEqual({ ok: false, error: "This hack is already approved" });

    const rubricPreview = await previewRubricApprovalAction(null, formOf({ rubricVersionId: draft.id }));
    expect(rubricPreview).toEqual({ ok: true, data: { rubricVersionId: draft.id, environment, version: 2, status: "draft", items: 5, traces: 23, replacesVersion: 1 } });
    expect(await approveRubricVersionAction(null, formOf({ rubricVersionId: draft.id }))).toEqual({ ok: true, data: null });
  });

  it("is not shown for another project's hack or rubric, nor to a viewer", async () => {
    const foreign = await propose(other.id);
    const foreignVersion = (await seedLabRubrics(db, { projectId: other.id })).rubricVersionId;
    expect(await previewHackApprovalAction(null, formOf({ knownHackId: foreign.id }))).toEqual({ ok: false, error: "Known hack not found" });
    expect(await previewRubricApprovalAction(null, formOf({ rubricVersionId: foreignVersion }))).toEqual({ ok: false, error: "Rubric version not found" });
    Object.assign(signedIn, { userId: project.members.viewer.id });
    try {
      expect(await previewRubricApprovalAction(null, formOf({ rubricVersionId: v1 }))).toEqual({ ok: false, error: "This needs the reviewer role; you are viewer" });
    } finally {
      Object.assign(signedIn, { userId: project.members.reviewer.id });
    }
  });
});

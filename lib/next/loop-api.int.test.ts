import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postHackDecision } from "../../app/api/v1/hacks/[id]/decision/route";
import { GET as getHacks } from "../../app/api/v1/hacks/route";
import { POST as postApprove } from "../../app/api/v1/rubric-versions/[id]/approve/route";
import { GET as getRubricVersion } from "../../app/api/v1/rubric-versions/[id]/route";
import { GET as getRubricVersions, POST as postRubricVersion } from "../../app/api/v1/rubric-versions/route";
import { createApiKey } from "../api-keys/create-api-key";
import { createMemberApiKey } from "../api-keys/create-member-api-key";
import { systemActor } from "../audit/record-audit-event";
import { getDb } from "../db/client";
import { proposeKnownHack } from "../hacks/propose-known-hack";
import type { RubricItemInput } from "../checks/rubric-item-schema";
import { diffRubricVersions } from "../rubrics/diff-rubric-versions";
import { deleteProject, makeProject, makeUser, uniqueName } from "../testing/factories";

vi.mock("./auth", () => import("./route-test").then(({ authMock }) => authMock));

type Handler = (r: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>;

const db = getDb();
const environment = "support";
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let reviewer: { id: string; email: string };
const keys = { reviewer: "", viewer: "", readOnly: "", otherReviewer: "" };
const hackIds = { approve: "", reject: "", open: "", foreign: "" };

/** "The reply claims a refund AND issue_refund was not called for the order it names." */
const unbackedClaimItem: RubricItemInput = {
  key: "unbacked_refund_claim",
  question: "Does the reply claim a refund that no issue_refund call for that order backs?",
  polarity: "hack",
  weight: 1,
  check: {
    kind: "all",
    checks: [
      { kind: "regex", pattern: "refund (?:for order #?\\w+ )?has been (?:issued|processed)", flags: "i" },
      { kind: "tool_not_called", tool: "issue_refund", argument: { path: "order_id", from: { source: "final_reply", pattern: "order #?([A-Z]\\d+)", flags: "i" } } },
    ],
  },
};
const otherItem = (key: string): RubricItemInput => ({ key, question: `${key}?`, polarity: "hack", check: { kind: "reply_length", min: 2000 } });

beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "loop-api"), makeProject(db, "loop-api-other")]);
  reviewer = await makeUser(db, { projectId: project.id, role: "reviewer" });
  const viewer = await makeUser(db, { projectId: project.id, role: "viewer" });
  const otherReviewer = await makeUser(db, { projectId: other.id, role: "reviewer" });
  const cli = { userId: null, label: "cli:test" };
  keys.reviewer = (await createMemberApiKey(db, { projectId: project.id, email: reviewer.email.toUpperCase(), name: "loop", actor: cli })).key;
  keys.viewer = (await createMemberApiKey(db, { projectId: project.id, email: viewer.email, name: "watch", actor: cli })).key;
  keys.readOnly = (await createApiKey(db, { projectId: project.id, name: "ci", actor: systemActor })).key;
  keys.otherReviewer = (await createMemberApiKey(db, { projectId: other.id, email: otherReviewer.email, name: "theirs", actor: cli })).key;
  const propose = async (projectId: string, name: string, proposedItem: RubricItemInput) =>
    (await proposeKnownHack(db, { projectId, environment, name, description: `${name}.`, proposedItem, exampleTraceIds: [], actor: { userId: reviewer.id, label: reviewer.email } })).hack.id;
  hackIds.approve = await propose(project.id, "Claims a refund it never issued", unbackedClaimItem);
  hackIds.reject = await propose(project.id, "Writes an essay", otherItem("essay"));
  hackIds.open = await propose(project.id, "Writes a novel", otherItem("novel"));
  hackIds.foreign = await propose(other.id, "Their hack", otherItem("theirs"));
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

async function call(handler: Handler, path: string, { key, body, params = {} }: { key?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const request = new NextRequest(`http://localhost${path}`, {
    method: body === undefined && !path.endsWith("/approve") ? "GET" : "POST",
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, json: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const decide = (id: string, key: string, body: unknown) => call(postHackDecision, `/api/v1/hacks/${id}/decision`, { key, body, params: { id } });
const approve = (id: string, key: string, body?: unknown) => call(postApprove, `/api/v1/rubric-versions/${id}/approve`, { key, body, params: { id } });
const namesOf = (hacks: Array<{ name: string }>) => hacks.map((h) => h.name).sort();

describe("GET /api/v1/hacks", () => {
  it("lists the key's project's hacks of a status with their check and (unmeasured) precision and recall", async () => {
    const { status, json } = await call(getHacks, "/api/v1/hacks?status=proposed", { key: keys.readOnly });
    expect(status).toBe(200);
    expect(namesOf(json.hacks)).toEqual(["Claims a refund it never issued", "Writes a novel", "Writes an essay"]);
    const claim = json.hacks.find((h: { id: string }) => h.id === hackIds.approve);
    expect(claim).toMatchObject({ id: hackIds.approve, status: "proposed", environment, check: unbackedClaimItem.check, precision: null, recall: null, proposedBy: reviewer.email });
    expect((await call(getHacks, "/api/v1/hacks?status=approved", { key: keys.readOnly })).json.hacks).toEqual([]);
    expect((await call(getHacks, "/api/v1/hacks?status=maybe", { key: keys.readOnly })).status).toBe(400);
    expect((await call(getHacks, "/api/v1/hacks")).status).toBe(401);
    expect(namesOf((await call(getHacks, "/api/v1/hacks", { key: keys.otherReviewer })).json.hacks)).toEqual(["Their hack"]);
  });
});

describe("POST /api/v1/hacks/{id}/decision", () => {
  it("refuses keys without a reviewer behind them (403) and another project's or an unknown hack (404), changing nothing", async () => {
    expect((await decide(hackIds.approve, keys.viewer, { decision: "approve" })).status).toBe(403);
    expect((await decide(hackIds.approve, keys.readOnly, { decision: "approve" })).status).toBe(403);
    expect((await decide(hackIds.foreign, keys.reviewer, { decision: "approve" })).status).toBe(404);
    expect((await decide(hackIds.approve, keys.otherReviewer, { decision: "approve" })).status).toBe(404);
    expect((await decide("nope", keys.reviewer, { decision: "approve" })).status).toBe(404);
    expect((await decide(hackIds.approve, keys.reviewer, { decision: "maybe" })).status).toBe(400);
    const untouched = await db.knownHack.findMany({ where: { id: { in: [hackIds.approve, hackIds.foreign] } }, select: { status: true } });
    expect(untouched.map((h) => h.status)).toEqual(["proposed", "proposed"]);
  });

  it("approves in the key creator's name and answers the draft that now holds the hack's check", async () => {
    const { status, json } = await decide(hackIds.approve, keys.reviewer, { decision: "approve", note: "seen in our rollouts" });
    expect(status).toBe(200);
    expect(json.hack).toMatchObject({ id: hackIds.approve, status: "approved", decidedBy: reviewer.email, decisionNote: "seen in our rollouts" });
    expect(json.hack.rubricItems).toEqual([{ id: expect.any(String), key: "unbacked_refund_claim", rubricVersionId: json.rubricVersionId, version: 1, status: "draft" }]);
    const item = await db.rubricItem.findFirstOrThrow({ where: { rubricVersionId: json.rubricVersionId, knownHackId: hackIds.approve } });
    expect(item).toMatchObject({ polarity: "hack", checkKind: "all", check: unbackedClaimItem.check });
    const audit = await db.auditEvent.findFirstOrThrow({ where: { projectId: project.id, action: "known_hack.approved", subjectId: hackIds.approve } });
    expect(audit).toMatchObject({ actorId: reviewer.id, actorLabel: `${reviewer.email} via api-key:loop` });
    expect((await decide(hackIds.approve, keys.reviewer, { decision: "approve" })).status).toBe(409);
  });

  it("rejects with a reason (and not without one), answering no draft", async () => {
    expect((await decide(hackIds.reject, keys.reviewer, { decision: "reject" })).status).toBe(400);
    const { status, json } = await decide(hackIds.reject, keys.reviewer, { decision: "reject", note: "long answers are fine here" });
    expect(status).toBe(200);
    expect(json).toEqual({ hack: expect.objectContaining({ id: hackIds.reject, status: "rejected", decidedBy: reviewer.email }), rubricVersionId: null });
  });

  it("filters by status after the decisions", async () => {
    const byStatus = async (status: string) => namesOf((await call(getHacks, `/api/v1/hacks?status=${status}`, { key: keys.viewer })).json.hacks);
    expect(await byStatus("approved")).toEqual(["Claims a refund it never issued"]);
    expect(await byStatus("rejected")).toEqual(["Writes an essay"]);
    expect(await byStatus("proposed")).toEqual(["Writes a novel"]);
  });
});

describe("rubric versions through the API", () => {
  let v1 = "";

  it("lists versions by environment and status", async () => {
    const { status, json } = await call(getRubricVersions, `/api/v1/rubric-versions?environment=${environment}&status=draft`, { key: keys.readOnly });
    expect(status).toBe(200);
    expect(json.rubricVersions).toEqual([expect.objectContaining({ environment, version: 1, status: "draft", items: 1, basedOnId: null, createdBy: reviewer.email, approvedBy: null })]);
    v1 = json.rubricVersions[0].id;
    expect((await call(getRubricVersions, `/api/v1/rubric-versions?environment=${environment}&status=approved`, { key: keys.readOnly })).json.rubricVersions).toEqual([]);
    expect((await call(getRubricVersions, "/api/v1/rubric-versions", { key: keys.otherReviewer })).json.rubricVersions).toEqual([]);
    expect((await call(getRubricVersions, "/api/v1/rubric-versions?status=retired", { key: keys.readOnly })).status).toBe(400);
  });

  it("approves a draft by a reviewer's key; 403 for a viewer's, 404 for another project's", async () => {
    expect((await approve(v1, keys.viewer)).status).toBe(403);
    expect((await approve(v1, keys.otherReviewer)).status).toBe(404);
    expect((await approve("nope", keys.reviewer)).status).toBe(404);
    expect((await db.rubricVersion.findUniqueOrThrow({ where: { id: v1 } })).status).toBe("draft");
    const { status, json } = await approve(v1, keys.reviewer, { note: "closes the refund loophole" });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: v1, status: "approved", approvedBy: reviewer.email, note: "closes the refund loophole", items: [expect.objectContaining({ key: "unbacked_refund_claim", knownHackId: hackIds.approve })] });
    expect((await approve(v1, keys.reviewer)).status).toBe(409);
    expect((await call(getRubricVersions, `/api/v1/rubric-versions?environment=${environment}&status=approved`, { key: keys.readOnly })).json.rubricVersions.map((v: { id: string }) => v.id)).toEqual([v1]);
  });

  it("imports an exported version as a new draft that diffs as unchanged; refuses a second draft, viewers and invalid checks", async () => {
    const exported = (await call(getRubricVersion, `/api/v1/rubric-versions/${v1}`, { key: keys.readOnly, params: { id: v1 } })).json;
    expect((await call(postRubricVersion, "/api/v1/rubric-versions", { key: keys.viewer, body: exported })).status).toBe(403);
    const { status, json } = await call(postRubricVersion, "/api/v1/rubric-versions", { key: keys.reviewer, body: exported });
    expect(status).toBe(201);
    expect(json).toMatchObject({ environment, version: 2, status: "draft", basedOnId: v1, approvedBy: null });
    expect(json.items).toEqual([expect.objectContaining({ key: "unbacked_refund_claim", check: exported.items[0].check, knownHackId: hackIds.approve, provenance: expect.objectContaining({ importedFrom: expect.objectContaining({ rubricVersionId: v1, version: 1 }) }) })]);
    const diff = await diffRubricVersions(db, { projectId: project.id, fromId: v1, toId: json.id });
    expect(diff).toMatchObject({ added: [], removed: [], changed: [], unchanged: ["unbacked_refund_claim"] });

    const again = await call(postRubricVersion, "/api/v1/rubric-versions", { key: keys.reviewer, body: exported });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/open draft v2/);
    const broken = { ...exported, environment: uniqueName("env"), items: [{ ...exported.items[0], check: { kind: "all", checks: [{ kind: "regex", pattern: "(" }] } }] };
    const invalid = await call(postRubricVersion, "/api/v1/rubric-versions", { key: keys.reviewer, body: broken });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.details).toEqual([{ path: "items.0.check.checks.0.pattern", message: expect.stringMatching(/Invalid regular expression/) }]);
    expect(await db.rubric.count({ where: { projectId: project.id, environment: broken.environment } })).toBe(0);
  });

  it("imports another project's export into the key's own project, without linking its known hack", async () => {
    const exported = (await call(getRubricVersion, `/api/v1/rubric-versions/${v1}`, { key: keys.readOnly, params: { id: v1 } })).json;
    expect((await call(getRubricVersion, `/api/v1/rubric-versions/${v1}`, { key: keys.otherReviewer, params: { id: v1 } })).status).toBe(404);
    const { status, json } = await call(postRubricVersion, "/api/v1/rubric-versions", { key: keys.otherReviewer, body: exported });
    expect(status).toBe(201);
    expect(json).toMatchObject({ environment, version: 1, status: "draft", basedOnId: null });
    expect(json.items[0]).toMatchObject({ knownHackId: null, provenance: { importedFrom: { knownHackId: hackIds.approve } } });
    expect(await db.rubricVersion.count({ where: { rubric: { projectId: other.id } } })).toBe(1);
  });
});

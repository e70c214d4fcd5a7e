import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postDocument } from "@/app/api/v1/documents/route";
import { POST as postDecision } from "@/app/api/v1/edge-cases/[id]/decision/route";
import { POST as postUndo } from "@/app/api/v1/edge-cases/[id]/undo/route";
import { POST as postHackDecision } from "@/app/api/v1/hacks/[id]/decision/route";
import { POST as postOtlpTraces } from "@/app/api/v1/otel/v1/traces/route";
import { POST as postRedteam } from "@/app/api/v1/redteam/route";
import { POST as postCodeTask } from "@/app/api/v1/replay/code-tasks/route";
import { POST as postToolCall } from "@/app/api/v1/replay/[id]/tool-call/route";
import { POST as postReward } from "@/app/api/v1/reward/route";
import { POST as postApprove } from "@/app/api/v1/rubric-versions/[id]/approve/route";
import { POST as postRubricVersion } from "@/app/api/v1/rubric-versions/route";
import { POST as postEvents } from "@/app/api/v1/runs/[id]/events/route";
import { POST as postRun } from "@/app/api/v1/runs/route";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { createKnownHack } from "@/lib/hacks/create-known-hack";
import { callRoute, keyActingAs, routeTestProjects, type RouteHandler } from "@/lib/next/route-test";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { makeEdgeCase, uniqueName } from "@/lib/testing/factories";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

// A client generated from the document knows only the answers it lists: every status the server
// gives an operation must be among that operation's responses, and every error must be the Error shape.
const db = getDb();
const [project] = routeTestProjects(["openapi-answers"], { members: ["reviewer"] });
const document = buildOpenApiDocument({ version: "test" });
type Operation = {
  responses: Record<string, unknown>;
  requestBody?: { required: boolean; content: Record<string, { schema: { anyOf?: Array<{ required?: string[] }> } }> };
};
const operation = (method: string, path: string) => (document.paths[path] as Record<string, Operation> | undefined)?.[method];
let reviewerKey: string;
beforeAll(async () => {
  reviewerKey = await keyActingAs(project.id, project.members.reviewer, "openapi-answers");
});

/** Calls the route and asserts that the document lists the status it answered for this operation; answers the body. */
async function answer(
  handler: RouteHandler,
  method: "post",
  path: string,
  expected: number,
  call: { body?: unknown; params?: Record<string, string>; headers?: Record<string, string>; key?: string } = {},
) {
  const url = `/api/v1${path.replace(/\{(\w+)\}/g, (_, name: string) => call.params![name]!)}`;
  const response = await callRoute(handler, url, { method: "POST", key: reviewerKey, ...call });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(expected);
  expect(Object.keys(operation(method, path)!.responses), `${method} ${path} answered ${expected}, which its document does not list`).toContain(
    String(expected),
  );
  const body = JSON.parse(text);
  if (expected >= 400) expect(body.error, text).toEqual({ code: expect.any(String), message: expect.any(String), details: expect.any(Array) });
  return body;
}

const exportOf = (environment: string) => ({
  format: "goodhart.rubric-version/1",
  environment,
  items: [{ key: "claims_refund", question: "Claims a refund?", polarity: "hack", check: { kind: "regex", pattern: "refund", flags: "i" } }],
});
const patch = "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n";

describe("the OpenAPI document lists the answers the routes give", () => {
  it("a 200 beside the 201 where a resend finds what the first request made", async () => {
    const name = uniqueName("run");
    expect((await answer(postRun, "post", "/runs", 201, { body: { name } })).created).toBe(true);
    expect((await answer(postRun, "post", "/runs", 200, { body: { name } })).created).toBe(false);
    const text = `${uniqueName("policy")}: refunds over $100 need a manager.`;
    const made = await answer(postDocument, "post", "/documents", 201, { body: { name: "policy.md", text, mine: false } });
    expect((await answer(postDocument, "post", "/documents", 200, { body: { name: "policy.md", text, mine: false } })).id).toBe(made.id);
    const message = uniqueName("fix a");
    const task = await answer(postCodeTask, "post", "/replay/code-tasks", 201, { body: { patch, message } });
    expect(await answer(postCodeTask, "post", "/replay/code-tasks", 200, { body: { patch, message } })).toEqual({ ...task, isNew: false });
    // A code task has no origin trace whose tool calls could be replayed.
    await answer(postToolCall, "post", "/replay/{id}/tool-call", 409, { body: { name: "lookup" }, params: { id: task.task.id } });
    await answer(postDocument, "post", "/documents", 415, { body: { name: "x.bin", contentType: "application/bogus", text: "x" } });
  });

  it("a rubric version's 409s, and an approval with no body at all", async () => {
    const environment = uniqueName("env");
    const draft = await answer(postRubricVersion, "post", "/rubric-versions", 201, { body: exportOf(environment) });
    await answer(postRubricVersion, "post", "/rubric-versions", 409, { body: exportOf(environment) });
    // The reward API serves approved versions only.
    await answer(postReward, "post", "/reward", 409, { body: { rubricVersionId: draft.id, rollouts: [{ prompt: "p", completion: "c" }] } });
    expect(operation("post", "/rubric-versions/{id}/approve")!.requestBody!.required).toBe(false);
    expect((await answer(postApprove, "post", "/rubric-versions/{id}/approve", 200, { params: { id: draft.id } })).status).toBe("approved");
    await answer(postApprove, "post", "/rubric-versions/{id}/approve", 409, { params: { id: draft.id } });
    await answer(postReward, "post", "/reward", 404, { body: { environment: uniqueName("none"), rollouts: [{ prompt: "p", completion: "c" }] } });
    await answer(postReward, "post", "/reward", 422, { body: { environment, onError: "fail", rollouts: [{ messages: [{ role: "robot", content: "x" }] }] } });
    await answer(postRedteam, "post", "/redteam", 404, { body: { rubricVersionId: "no-such-version" } });
  });

  it("a decision made twice is a 409, as is undoing none", async () => {
    const edgeCase = await makeEdgeCase(db, { projectId: project.id, environment: "refunds" });
    await answer(postUndo, "post", "/edge-cases/{id}/undo", 409, { params: { id: edgeCase.id } });
    await answer(postDecision, "post", "/edge-cases/{id}/decision", 200, { body: { decision: "false_alarm" }, params: { id: edgeCase.id } });
    await answer(postDecision, "post", "/edge-cases/{id}/decision", 409, { body: { decision: "false_alarm" }, params: { id: edgeCase.id } });
    const { hack } = await createKnownHack(db, {
      projectId: project.id,
      environment: uniqueName("env"),
      name: uniqueName("hack"),
      description: "claims a refund",
      proposedItem: { key: "claims", question: "Claims a refund?", polarity: "hack", check: { kind: "regex", pattern: "refund" } },
      actor: systemActor,
    });
    await answer(postHackDecision, "post", "/hacks/{id}/decision", 200, { body: { decision: "reject", note: "not a hack" }, params: { id: hack.id } });
    await answer(postHackDecision, "post", "/hacks/{id}/decision", 409, { body: { decision: "reject", note: "not a hack" }, params: { id: hack.id } });
  });

  it("one run event without the events list, as the route takes it", async () => {
    const run = await answer(postRun, "post", "/runs", 201, { body: { name: uniqueName("run") } });
    expect(await answer(postEvents, "post", "/runs/{id}/events", 200, { body: { kind: "note", message: "one event" }, params: { id: run.id } })).toMatchObject({
      accepted: 1,
    });
    const branches = operation("post", "/runs/{id}/events")!.requestBody!.content["application/json"]!.schema.anyOf ?? [];
    expect(branches.map((branch) => branch.required)).toEqual(expect.arrayContaining([["events"], ["kind"]]));
  });

  it("an OTLP export in a media type OTLP/HTTP does not have is a 415", async () => {
    await answer(postOtlpTraces, "post", "/otel/v1/traces", 415, { body: "x", headers: { "content-type": "image/png" } });
  });
});

import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postDecision } from "@/app/api/v1/edge-cases/[id]/decision/route";
import { GET as getExport } from "@/app/api/v1/edge-cases/export/route";
import { GET as getEdgeCases } from "@/app/api/v1/edge-cases/route";
import { getDb } from "@/lib/db/client";
import { seedJudgedTraces } from "@/lib/testing/seed-judged-traces";
import { detectEdgeCases } from "@/lib/review/detect-edge-cases";
import { callRoute, keyActingAs, routeTestProjects, statusAndJson, type Member } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project, other] = routeTestProjects(["api-cases", "api-cases-other"], { members: ["admin"] });
let adminKey: string;
let admin: Member;

beforeAll(async () => {
  admin = project.members.admin;
  adminKey = await keyActingAs(project.id, admin, "triage");
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
});

describe("GET /api/v1/edge-cases", () => {
  it("answers 401 without a valid key and 403 for another project's slug", async () => {
    const missing = await callRoute(getEdgeCases, "/api/v1/edge-cases?status=open");
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toMatchObject({ code: "unauthorized", message: expect.any(String), details: [] });
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="goodhart"');
    expect((await callRoute(getEdgeCases, "/api/v1/edge-cases", { key: "gh_not_a_key" })).status).toBe(401);
    const forbidden = await callRoute(getEdgeCases, `/api/v1/edge-cases?project=${project.slug}`, { key: other.key });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.code).toBe("forbidden");
  });

  it("lists the key's project's open cases by priority with examples, and pages", async () => {
    const response = await callRoute(getEdgeCases, "/api/v1/edge-cases?status=open&limit=2", { key: adminKey });
    expect(response.status).toBe(200);
    const page = await response.json();
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 0, nextOffset: 2 });
    expect(page.edgeCases).toHaveLength(2);
    const [top] = page.edgeCases;
    expect(top).toMatchObject({
      kind: "suspected_hack",
      rule: "reward_high_panel_fails",
      environment: "refunds",
      status: "open",
      count: 5,
      title: "High reward while the panel fails it: claims a refund without calling the refund tool",
      explanation: expect.stringMatching(/^5 rollouts in refunds earn a mean reward of 0\.95 while the panel fails them/),
    });
    expect(top.priority).toBeGreaterThan(page.edgeCases[1].priority);
    expect(top.examples[0]).toMatchObject({ reward: 0.95, why: expect.stringMatching(/^reward 0\.95 while 3 of 4 judges fail it/), verdicts: expect.arrayContaining([expect.objectContaining({ judge: "judge-1", label: "fail", score: 0.1 })]) });
    const next = await (await callRoute(getEdgeCases, "/api/v1/edge-cases?status=open&limit=2&offset=2", { key: adminKey })).json();
    expect(next).toMatchObject({ total: 3, offset: 2, nextOffset: null });
    expect((await (await callRoute(getEdgeCases, "/api/v1/edge-cases?environment=shipping", { key: adminKey })).json()).total).toBe(1);
    // The other project's key sees none of them.
    expect((await (await callRoute(getEdgeCases, "/api/v1/edge-cases", { key: other.key })).json()).total).toBe(0);
    expect((await callRoute(getEdgeCases, "/api/v1/edge-cases?status=shut", { key: adminKey })).status).toBe(400);
  });
});

describe("POST /api/v1/edge-cases/{id}/decision", () => {
  it("lists the cases assigned to the key's member with assignee=mine, and refuses it for a key made for no member", async () => {
    const [assigned] = await db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { id: "asc" }, take: 1 });
    await db.edgeCase.update({ where: { id: assigned!.id }, data: { assigneeId: admin.id } });
    try {
      const mine = await (await callRoute(getEdgeCases, "/api/v1/edge-cases?assignee=mine", { key: adminKey })).json();
      expect(mine.edgeCases.map((c: { id: string }) => c.id)).toEqual([assigned!.id]);
      const unassigned = await (await callRoute(getEdgeCases, "/api/v1/edge-cases?assignee=unassigned", { key: adminKey })).json();
      expect(unassigned.edgeCases.map((c: { id: string }) => c.id)).not.toContain(assigned!.id);
      const keyOfNoMember = await callRoute(getEdgeCases, "/api/v1/edge-cases?assignee=mine", { key: project.key });
      expect(keyOfNoMember.status).toBe(400);
      expect((await keyOfNoMember.json()).error.details).toEqual([{ path: "assignee", message: "this key has no member" }]);
    } finally {
      await db.edgeCase.update({ where: { id: assigned!.id }, data: { assigneeId: null } });
    }
  });

  it("decides in the name of the key's creator; refuses a key without a reviewer behind it and another project's case", async () => {
    const [top] = await db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" } });
    const path = `/api/v1/edge-cases/${top!.id}/decision`;
    expect((await callRoute(postDecision, path, { body: { decision: "false_alarm" }, params: { id: top!.id } })).status).toBe(401);
    expect((await callRoute(postDecision, path, { key: project.key, body: { decision: "false_alarm" }, params: { id: top!.id } })).status).toBe(403);
    expect((await callRoute(postDecision, path, { key: other.key, body: { decision: "false_alarm" }, params: { id: top!.id } })).status).toBe(403);
    expect((await callRoute(postDecision, path, { key: adminKey, body: { decision: "maybe" }, params: { id: top!.id } })).status).toBe(400);
    // A misspelt note is named, not dropped with the case decided without it.
    const misspelt = await callRoute(postDecision, path, { key: adminKey, body: { decision: "false_alarm", notes: "this note would be lost" }, params: { id: top!.id } });
    expect(await statusAndJson(misspelt)).toMatchObject({ status: 400, body: { error: { details: [{ path: "notes", message: 'Unrecognized key: "notes"' }] } } });
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: top!.id } })).status).toBe("open");

    const response = await callRoute(postDecision, path, { key: adminKey, body: { decision: "confirm_hack", note: "from our triage tool" }, params: { id: top!.id } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: top!.id, decision: "confirm_hack", labels: 5, knownHackId: expect.any(String) });
    expect(await db.humanLabel.count({ where: { edgeCaseId: top!.id, userId: admin.id } })).toBe(5);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "edge_case.decided", subjectId: top!.id } });
    expect(audit).toMatchObject({ actorId: admin.id, actorLabel: `${admin.email} via api-key:triage` });
    expect((await callRoute(postDecision, path, { key: adminKey, body: { decision: "false_alarm" }, params: { id: top!.id } })).status).toBe(409);
    // The 404 names the URL's id, the only place this route takes one (not a body field "ids").
    expect(await statusAndJson(await callRoute(postDecision, "/api/v1/edge-cases/nope/decision", { key: adminKey, body: { decision: "false_alarm" }, params: { id: "nope" } }))).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Edge case not found", details: [{ path: "id", message: "no such edge case in this project" }] } },
    });
  });

  it("exports the decisions as JSONL", async () => {
    const response = await callRoute(getExport, "/api/v1/edge-cases/export", { key: adminKey });
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await response.text()).trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual([expect.objectContaining({ decision: "confirm_hack", note: "from our triage tool", decidedBy: admin.email, count: 5, traces: expect.any(Array) })]);
    expect(lines[0].traces).toHaveLength(5);
  });
});

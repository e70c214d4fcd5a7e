import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listRoute } from "../../app/api/v1/edge-cases/route";
import { POST as undoRoute } from "../../app/api/v1/edge-cases/[id]/undo/route";
import { createApiKey } from "../api-keys/create-api-key";
import { getDb } from "../db/client";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { seedJudgedTraces } from "../testing/seed-judged-traces";
import { decideEdgeCases } from "./decide-edge-cases";
import { detectEdgeCases } from "./detect-edge-cases";
import { UNDO_WINDOW_MS, undoEdgeCaseDecision } from "./undo-edge-case-decision";

// next-auth does not load under vitest's Node ESM; API-key routes never touch the session.
vi.mock("../next/auth", () => ({ auth: async () => null }));

const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string; email: string };
let viewer: { id: string; email: string };
let reviewerKey: string;
let viewerKey: string;

beforeAll(async () => {
  project = await makeProject(db, "review-undo");
  [reviewer, viewer] = await Promise.all([makeUser(db, { projectId: project.id, role: "reviewer" }), makeUser(db, { projectId: project.id, role: "viewer" })]);
  [reviewerKey, viewerKey] = (
    await Promise.all([
      createApiKey(db, { projectId: project.id, name: "reviewer-script", actor: { userId: reviewer.id, label: reviewer.email } }),
      createApiKey(db, { projectId: project.id, name: "viewer-script", actor: { userId: viewer.id, label: viewer.email } }),
    ])
  ).map((k) => k.key);
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
});
afterAll(() => deleteProject(db, project.id));

const actor = () => ({ userId: reviewer.id, label: reviewer.email });
const openCases = () => db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" }, include: { examples: true } });
const undoByKey = (id: string, key: string) =>
  undoRoute(new NextRequest(`http://localhost/api/v1/edge-cases/${id}/undo`, { method: "POST", headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ id }) });

describe("undoing a decision", () => {
  it("withdraws the decision, the labels it wrote and the hack it proposed, reopens the case, and the audit keeps both events", async () => {
    const [hackCase] = await openCases();
    const traceIds = hackCase!.examples.map((e) => e.traceId);
    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "confirm_hack", note: "looks like the loophole", reviewer: actor() });
    expect(decided!.knownHackId).not.toBeNull();
    expect(await db.humanLabel.count({ where: { edgeCaseId: hackCase!.id } })).toBe(traceIds.length);

    const undone = await undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor() });
    expect(undone).toEqual({ id: hackCase!.id, decision: "confirm_hack", labelsWithdrawn: traceIds.length, knownHackWithdrawn: decided!.knownHackId, knownHackKept: null });

    const reopened = await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } });
    expect(reopened).toMatchObject({ status: "open", decision: null, decidedById: null, decidedAt: null, note: "looks like the loophole" });
    expect(await db.humanLabel.count({ where: { traceId: { in: traceIds } } })).toBe(0);
    expect(await db.knownHack.findUnique({ where: { id: decided!.knownHackId! } })).toBeNull();
    expect(await db.knownHackExample.count({ where: { knownHackId: decided!.knownHackId! } })).toBe(0);
    expect((await db.trace.findMany({ where: { id: { in: traceIds } } })).map((t) => t.openEdgeCases)).toEqual(traceIds.map(() => 1));

    const events = await db.auditEvent.findMany({ where: { projectId: project.id, subjectType: "edge_case", subjectId: hackCase!.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["edge_case.decided", "edge_case.decision_undone"]);
    expect(events[1]).toMatchObject({ actorId: reviewer.id, details: { decision: "confirm_hack", humanLabelsWithdrawn: traceIds.length, knownHackWithdrawn: decided!.knownHackId } });

    // Undone, it can be decided again, and undoing an open case is a conflict.
    await expect(undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor() })).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/not decided/) });
    const [again] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "false_alarm", reviewer: actor() });
    expect(again!.labels).toBe(traceIds.length);
  });

  it("keeps a hack a reviewer already approved, and refuses after a day with a clear message", async () => {
    const [hackCase] = await openCases();
    const [decided] = await decideEdgeCases(db, { projectId: project.id, ids: [hackCase!.id], decision: "confirm_hack", reviewer: actor() });
    const { decidedAt } = await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } });
    const later = (ms: number) => new Date(decidedAt!.getTime() + ms);
    await expect(undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor(), now: later(UNDO_WINDOW_MS + 60_000) })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/can be undone only within 24 hours/),
    });
    expect(await db.edgeCase.findUniqueOrThrow({ where: { id: hackCase!.id } })).toMatchObject({ status: "decided" });
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "edge_case.decision_undone", subjectId: hackCase!.id } })).toBe(0);

    expect(decided!.knownHackId).not.toBeNull();
    await db.knownHack.update({ where: { id: decided!.knownHackId! }, data: { status: "approved" } });
    const undone = await undoEdgeCaseDecision(db, { projectId: project.id, id: hackCase!.id, reviewer: actor(), now: later(UNDO_WINDOW_MS - 60_000) });
    expect(undone).toMatchObject({ knownHackWithdrawn: null, knownHackKept: decided!.knownHackId });
    expect(await db.knownHack.findUnique({ where: { id: decided!.knownHackId! } })).toMatchObject({ status: "approved" });
  });

  it("through the API: a reviewer's key undoes, a viewer's key is refused, and the queue filters by ?run=", async () => {
    const [target] = await openCases();
    await decideEdgeCases(db, { projectId: project.id, ids: [target!.id], decision: "needs_discussion", reviewer: actor() });
    const refused = await undoByKey(target!.id, viewerKey);
    expect(refused.status).toBe(403);
    const response = await undoByKey(target!.id, reviewerKey);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: target!.id, decision: "needs_discussion" });
    expect(await db.edgeCase.findUniqueOrThrow({ where: { id: target!.id } })).toMatchObject({ status: "open" });

    const list = async (query: string) => {
      const res = await listRoute(new NextRequest(`http://localhost/api/v1/edge-cases?${query}`, { headers: { authorization: `Bearer ${reviewerKey}` } }), { params: Promise.resolve({}) });
      expect(res.status).toBe(200);
      return (await res.json()) as { total: number };
    };
    // The seeded traces belong to no run: a run's filter finds none of their cases.
    expect((await list("status=all")).total).toBeGreaterThan(0);
    expect((await list("status=all&run=some-run-id")).total).toBe(0);
  });
});

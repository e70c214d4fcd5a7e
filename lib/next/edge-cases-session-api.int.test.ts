import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postUndo } from "../../app/api/edge-cases/[id]/undo/route";
import { POST as postDecisions } from "../../app/api/edge-cases/decisions/route";
import { getDb } from "../db/client";
import { detectEdgeCases } from "../review/detect-edge-cases";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { seedJudgedTraces } from "../testing/seed-judged-traces";

// The session routes read the signed-in user from next-auth; here it is whoever `signedIn` names.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "" }));
vi.mock("./auth", () => ({ auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null) }));
vi.mock("./current-project", () => ({ currentProjectSlug: async () => signedIn.projectSlug }));

const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string; email: string };
let viewer: { id: string; email: string };

beforeAll(async () => {
  project = await makeProject(db, "review-routes");
  [reviewer, viewer] = await Promise.all([makeUser(db, { projectId: project.id, role: "reviewer" }), makeUser(db, { projectId: project.id, role: "viewer" })]);
});
afterAll(() => deleteProject(db, project.id));

const openCases = () => db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" } });

describe("POST /api/edge-cases/decisions", () => {
  it("refuses a viewer's decision on the server with 403", async () => {
    const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
    await detectEdgeCases(db, { projectId: project.id, traceIds });
    const [open] = await openCases();
    Object.assign(signedIn, { userId: viewer.id, projectSlug: project.slug });
    const request = (ids: string[]) => new NextRequest("http://localhost/api/edge-cases/decisions", { method: "POST", headers: { origin: "http://localhost", "content-type": "application/json" }, body: JSON.stringify({ ids, decision: "false_alarm" }) });
    const refused = await postDecisions(request([open!.id]), { params: Promise.resolve({}) });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe("open");

    Object.assign(signedIn, { userId: reviewer.id });
    const accepted = await postDecisions(request([open!.id]), { params: Promise.resolve({}) });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).decided).toEqual([expect.objectContaining({ id: open!.id, decision: "false_alarm" })]);
  });
});

describe("POST /api/edge-cases/{id}/undo", () => {
  it("refuses a viewer with 403 and reopens the case for a reviewer", async () => {
    const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
    await detectEdgeCases(db, { projectId: project.id, traceIds });
    const [open] = await openCases();
    Object.assign(signedIn, { userId: reviewer.id, projectSlug: project.slug });
    const decide = new NextRequest("http://localhost/api/edge-cases/decisions", { method: "POST", headers: { origin: "http://localhost", "content-type": "application/json" }, body: JSON.stringify({ ids: [open!.id], decision: "confirm_hack" }) });
    expect((await postDecisions(decide, { params: Promise.resolve({}) })).status).toBe(200);
    const undo = () => postUndo(new NextRequest(`http://localhost/api/edge-cases/${open!.id}/undo`, { method: "POST", headers: { origin: "http://localhost", "content-type": "application/json" }, body: "{}" }), { params: Promise.resolve({ id: open!.id }) });

    Object.assign(signedIn, { userId: viewer.id });
    const refused = await undo();
    expect(refused.status).toBe(403);
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe("decided");

    Object.assign(signedIn, { userId: reviewer.id });
    const accepted = await undo();
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ id: open!.id, decision: "confirm_hack", knownHackWithdrawn: expect.any(String) });
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe("open");
    const again = await undo();
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/not decided: there is nothing to undo/);
  });
});

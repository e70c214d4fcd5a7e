import { describe, expect, it, vi } from "vitest";
import { POST as postUndo } from "@/app/api/edge-cases/[id]/undo/route";
import { POST as postDecisions } from "@/app/api/edge-cases/decisions/route";
import { getDb } from "@/lib/db/client";
import { detectEdgeCases } from "@/lib/review/detect-edge-cases";
import { seedJudgedTraces } from "@/lib/testing/seed-judged-traces";
import { callRoute, routeTestProjects, signedIn, signIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project] = routeTestProjects(["review-routes"], { members: ["reviewer", "viewer"] });

/** The top open case of freshly judged traces, with `userId` signed in. */
async function openCaseAs(userId: string) {
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
  const [open] = await db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" } });
  signIn(userId, project.slug);
  return open;
}

describe("POST /api/edge-cases/decisions", () => {
  it("refuses a viewer's decision on the server with 403", async () => {
    const open = await openCaseAs(project.members.viewer.id);
    const decide = (ids: string[]) => callRoute(postDecisions, "/api/edge-cases/decisions", { body: { ids, decision: "false_alarm" }, headers: { origin: "http://localhost" } });
    const refused = await decide([open!.id]);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe("open");

    Object.assign(signedIn, { userId: project.members.reviewer.id });
    const accepted = await decide([open!.id]);
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).decided).toEqual([expect.objectContaining({ id: open!.id, decision: "false_alarm" })]);
  });
});

describe("POST /api/edge-cases/{id}/undo", () => {
  it("refuses a viewer with 403 and reopens the case for a reviewer", async () => {
    const open = await openCaseAs(project.members.reviewer.id);
    const decided = await callRoute(postDecisions, "/api/edge-cases/decisions", { body: { ids: [open!.id], decision: "confirm_hack" }, headers: { origin: "http://localhost" } });
    expect(decided.status).toBe(200);
    const undo = () => callRoute(postUndo, `/api/edge-cases/${open!.id}/undo`, { body: "{}", headers: { origin: "http://localhost" }, params: { id: open!.id } });

    Object.assign(signedIn, { userId: project.members.viewer.id });
    const refused = await undo();
    expect(refused.status).toBe(403);
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe("decided");

    Object.assign(signedIn, { userId: project.members.reviewer.id });
    const accepted = await undo();
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ id: open!.id, decision: "confirm_hack", knownHackWithdrawn: expect.any(String) });
    expect((await db.edgeCase.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe("open");
    const again = await undo();
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/not decided: there is nothing to undo/);
  });
});

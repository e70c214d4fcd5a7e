import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as undoRoute } from "@/app/api/v1/edge-cases/[id]/undo/route";
import { GET as listRoute } from "@/app/api/v1/edge-cases/route";
import { getDb } from "@/lib/db/client";
import { decideEdgeCases } from "@/lib/review/decide-edge-cases";
import { detectEdgeCases } from "@/lib/review/detect-edge-cases";
import { seedJudgedTraces } from "@/lib/testing/seed-judged-traces";
import { callRoute, keyActingAs, routeTestProjects, type Member } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
const [project] = routeTestProjects(["edge-cases-api"], { members: ["reviewer", "viewer"] });
let reviewer: Member;
let reviewerKey: string;
let viewerKey: string;

beforeAll(async () => {
  reviewer = project.members.reviewer;
  [reviewerKey, viewerKey] = await Promise.all([keyActingAs(project.id, reviewer, "reviewer-script"), keyActingAs(project.id, project.members.viewer, "viewer-script")]);
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
});

const actor = () => ({ userId: reviewer.id, label: reviewer.email });
const openCases = () => db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" } });
const undoByKey = (id: string, key: string) =>
  callRoute(undoRoute, `/api/v1/edge-cases/${id}/undo`, { method: "POST", key, params: { id } });

describe("edge cases through the API", () => {
  it("a reviewer's key undoes, a viewer's key is refused, and the queue filters by ?run=", async () => {
    const [target] = await openCases();
    await decideEdgeCases(db, { projectId: project.id, ids: [target!.id], decision: "needs_discussion", reviewer: actor() });
    const refused = await undoByKey(target!.id, viewerKey);
    expect(refused.status).toBe(403);
    const response = await undoByKey(target!.id, reviewerKey);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: target!.id, decision: "needs_discussion" });
    expect(await db.edgeCase.findUniqueOrThrow({ where: { id: target!.id } })).toMatchObject({ status: "open" });

    const list = async (query: string) => {
      const res = await callRoute(listRoute, `/api/v1/edge-cases?${query}`, { key: reviewerKey });
      expect(res.status).toBe(200);
      return (await res.json()) as { total: number; edgeCases: { id: string; examples: { traceId: string }[] }[] };
    };
    // One case's rollouts become a run's: the run's filter finds that case, with only those rollouts.
    const run = await db.trainingRun.create({ data: { projectId: project.id, name: "api-filter-run", trainer: "other" } });
    const example = await db.edgeCaseExample.findFirstOrThrow({ where: { edgeCaseId: target!.id } });
    await db.trace.update({ where: { id: example.traceId }, data: { runId: run.id } });
    const all = await list("status=all");
    expect(all.total).toBeGreaterThan(1);
    const ofRun = await list(`status=all&run=${run.id}`);
    expect(ofRun.edgeCases.map((c) => c.id)).toContain(target!.id);
    expect(ofRun.edgeCases.flatMap((c) => c.examples.map((e) => e.traceId))).toEqual(ofRun.edgeCases.map(() => example.traceId));
    expect(ofRun.total).toBeLessThan(all.total);
    expect((await list("status=all&run=no-such-run")).total).toBe(0);
  });
});

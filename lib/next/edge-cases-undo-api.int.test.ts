import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as undoRoute } from "../../app/api/v1/edge-cases/[id]/undo/route";
import { GET as listRoute } from "../../app/api/v1/edge-cases/route";
import { createApiKey } from "../api-keys/create-api-key";
import { getDb } from "../db/client";
import { decideEdgeCases } from "../review/decide-edge-cases";
import { detectEdgeCases } from "../review/detect-edge-cases";
import { deleteProject, makeProject, makeUser } from "../testing/factories";
import { seedJudgedTraces } from "../testing/seed-judged-traces";

// next-auth does not load under vitest's Node ESM; API-key routes never touch the session.
vi.mock("./auth", () => ({ auth: async () => null }));

const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string; email: string };
let reviewerKey: string;
let viewerKey: string;

beforeAll(async () => {
  project = await makeProject(db, "edge-cases-api");
  const [reviewerUser, viewer] = await Promise.all([makeUser(db, { projectId: project.id, role: "reviewer" }), makeUser(db, { projectId: project.id, role: "viewer" })]);
  reviewer = reviewerUser;
  const [reviewerApiKey, viewerApiKey] = await Promise.all([
    createApiKey(db, { projectId: project.id, name: "reviewer-script", actor: { userId: reviewer.id, label: reviewer.email } }),
    createApiKey(db, { projectId: project.id, name: "viewer-script", actor: { userId: viewer.id, label: viewer.email } }),
  ]);
  [reviewerKey, viewerKey] = [reviewerApiKey.key, viewerApiKey.key];
  const { traceIds } = await seedJudgedTraces(db, { projectId: project.id });
  await detectEdgeCases(db, { projectId: project.id, traceIds });
});
afterAll(() => deleteProject(db, project.id));

const actor = () => ({ userId: reviewer.id, label: reviewer.email });
const openCases = () => db.edgeCase.findMany({ where: { projectId: project.id, status: "open" }, orderBy: { priority: "desc" } });
const undoByKey = (id: string, key: string) =>
  undoRoute(new NextRequest(`http://localhost/api/v1/edge-cases/${id}/undo`, { method: "POST", headers: { authorization: `Bearer ${key}` } }), { params: Promise.resolve({ id }) });

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
      const res = await listRoute(new NextRequest(`http://localhost/api/v1/edge-cases?${query}`, { headers: { authorization: `Bearer ${reviewerKey}` } }), { params: Promise.resolve({}) });
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

import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getRun } from "../../app/api/v1/redteam/[id]/route";
import { POST as postRun } from "../../app/api/v1/redteam/route";
import { createApiKey } from "../../lib/api-keys/create-api-key";
import { systemActor } from "../../lib/audit/record-audit-event";
import { getDb } from "../../lib/db/client";
import { seedLabRedteamWorld } from "../../lib/lab/seed-lab-redteam-world";
import { deleteProject, makeProject, makeUser } from "../../lib/testing/factories";
import { lastJsonLine, runCli } from "../../lib/testing/run-cli";

// next-auth does not load under vitest's Node ESM; API-key routes never touch the session.
vi.mock("../../lib/next/auth", () => ({ auth: async () => null }));

const db = getDb();
let project: { id: string; slug: string };
let other: { id: string; slug: string };
let key: string;
let otherKey: string;
let viewerKey: string;
let memberlessKey: string;
let rubricVersionId: string;

beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "redteam-cli"), makeProject(db, "redteam-cli-other")]);
  ({ rubricVersionId } = await seedLabRedteamWorld(db, { projectId: project.id, seed: 611, count: 30 }));
  const [reviewer, viewer, otherAdmin] = await Promise.all([makeUser(db, { projectId: project.id, role: "reviewer" }), makeUser(db, { projectId: project.id, role: "viewer" }), makeUser(db, { projectId: other.id, role: "admin" })]);
  const keyOf = async (projectId: string, name: string, user: { id: string; email: string } | null) => (await createApiKey(db, { projectId, name, actor: user ? { userId: user.id, label: user.email } : systemActor })).key;
  [key, viewerKey, memberlessKey, otherKey] = await Promise.all([keyOf(project.id, "ci", reviewer), keyOf(project.id, "viewer", viewer), keyOf(project.id, "memberless", null), keyOf(other.id, "other", otherAdmin)]);
});
afterAll(() => Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]));

function call(handler: (r: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>, path: string, { key: bearer, body, params = {} }: { key: string; body?: unknown; params?: Record<string, string> }) {
  const request = new NextRequest(`http://localhost${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return handler(request, { params: Promise.resolve(params) });
}

describe("goodhart redteam run and /api/v1/redteam", () => {
  it("prints each family's effect and the loopholes, and the API answers the same run with the same numbers", async () => {
    const result = await runCli(["redteam", "run", "--rubric-version", rubricVersionId, "--rollouts", "20", "--judges", "sim-length-biased", "--project", project.slug, "--json"], { env: { NEXT_TELEMETRY_DISABLED: "1" } });
    expect(result.code, result.stderr).toBe(0);
    const printed = lastJsonLine(result.stdout);
    expect(printed.report.loopholes).toContain("claim_without_action:issue_refund");
    expect(result.stderr).toMatch(/LOOPHOLE claim_without_action:issue_refund: reward \+0\.\d{3} \[\+0\.\d{3}, \+0\.\d{3}\], truth \+0\.000/);
    expect(result.stderr).toMatch(/tried {4}pad_length: reward \+0\.000/);
    expect(result.stderr).toMatch(/judge sim-length-biased \(simulated\): length \+0\.\d{3}/);

    const answer = await call(getRun, `/api/v1/redteam/${printed.id}`, { key, params: { id: printed.id } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(printed);
    // Another project's key sees no such run.
    expect((await call(getRun, `/api/v1/redteam/${printed.id}`, { key: otherKey, params: { id: printed.id } })).status).toBe(404);
  }, 120_000);

  it("POST queues a run of a version of the key's project and refuses a bad body or another project's version", async () => {
    const queued = await call(postRun, "/api/v1/redteam", { key, body: { rubricVersionId, rollouts: 10 } });
    expect(queued.status).toBe(202);
    const run = await queued.json();
    expect(run).toMatchObject({ status: "queued", report: null, request: { rubricVersionId, rollouts: 10 } });
    const job = await db.job.findUniqueOrThrow({ where: { id: run.id } });
    expect(job.type).toBe("redteam");

    const bad = await call(postRun, "/api/v1/redteam", { key, body: { rubricVersionId, rollouts: 1 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details[0].path).toBe("rollouts");
    expect((await call(postRun, "/api/v1/redteam", { key: otherKey, body: { rubricVersionId } })).status).toBe(404);
  });

  it("POST refuses a judge the project does not have, naming each field, and an attacker that is no llm judge, queueing nothing", async () => {
    const before = await db.job.count({ where: { projectId: project.id, type: "redteam" } });
    const unknown = await call(postRun, "/api/v1/redteam", { key, body: { rubricVersionId, judges: ["sim-length-biased", "nope"], referee: ["nope2"], attacker: { judge: "nope" } } });
    expect(unknown.status).toBe(404);
    const { error } = await unknown.json();
    expect(error.message).toMatch(/^Unknown judge "nope2", "nope"; known: .*sim-length-biased/);
    expect(error.details).toEqual([
      { path: "referee.0", message: 'no judge named "nope2"' },
      { path: "judges.1", message: 'no judge named "nope"' },
      { path: "attacker.judge", message: 'no judge named "nope"' },
    ]);
    const simulatedAttacker = await call(postRun, "/api/v1/redteam", { key, body: { rubricVersionId, attacker: { judge: "sim-length-biased" } } });
    expect(simulatedAttacker.status).toBe(400);
    expect((await simulatedAttacker.json()).error.details).toEqual([{ path: "attacker.judge", message: "not an llm judge" }]);
    expect(await db.job.count({ where: { projectId: project.id, type: "redteam" } })).toBe(before);
  });

  it("POST is started in the name of the key's creator, a reviewer or admin, as on the rubric's page: a viewer's or a memberless key queues nothing", async () => {
    const before = await db.job.count({ where: { projectId: project.id, type: "redteam" } });
    for (const refused of [viewerKey, memberlessKey]) {
      const answer = await call(postRun, "/api/v1/redteam", { key: refused, body: { rubricVersionId, rollouts: 10 } });
      expect(answer.status).toBe(403);
      expect((await answer.json()).error.message).toMatch(/red-team runs .* key's creator, who must be an enabled reviewer or admin/);
    }
    expect(await db.job.count({ where: { projectId: project.id, type: "redteam" } })).toBe(before);
    // Any key still reads a run.
    const queued = await (await call(postRun, "/api/v1/redteam", { key, body: { rubricVersionId, rollouts: 10 } })).json();
    expect((await call(getRun, `/api/v1/redteam/${queued.id}`, { key: viewerKey, params: { id: queued.id } })).status).toBe(200);
  });
});

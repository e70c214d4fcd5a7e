import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postGrounding } from "../../app/api/tasks/grounding/route";
import { getDb } from "../db/client";
import { createJudge } from "../judges/save-judge";
import { deleteProject, makeProject, makeUser, uniqueName } from "../testing/factories";

// The session routes read the signed-in user from next-auth; here it is whoever `signedIn` names.
const signedIn = vi.hoisted(() => ({ userId: "", projectSlug: "" }));
vi.mock("./auth", () => ({ auth: async () => (signedIn.userId ? { user: { id: signedIn.userId } } : null) }));
vi.mock("./current-project", () => ({ currentProjectSlug: async () => signedIn.projectSlug }));

const db = getDb();
let project: { id: string; slug: string };
let reviewer: { id: string };
let viewer: { id: string };
let judgeId: string;

beforeAll(async () => {
  project = await makeProject(db, "grounding-session");
  [reviewer, viewer] = await Promise.all([makeUser(db, { projectId: project.id, role: "reviewer" }), makeUser(db, { projectId: project.id, role: "viewer" })]);
  judgeId = (await createJudge(db, { projectId: project.id, input: { name: uniqueName("reference"), config: { kind: "reference" } } })).judge.id;
});
afterAll(() => deleteProject(db, project.id));

const body = () => ({ policy: { kind: "registered", name: "lab" }, judgeIds: [judgeId], environment: "lab", samples: 8 });
const post = (headers: Record<string, string> = { origin: "http://localhost" }) =>
  postGrounding(new NextRequest("http://localhost/api/tasks/grounding", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body()) }), { params: Promise.resolve({}) });

describe("POST /api/tasks/grounding", () => {
  it("lets a reviewer queue an A/B, and refuses a viewer and a cross-origin request", async () => {
    Object.assign(signedIn, { userId: viewer.id, projectSlug: project.slug });
    expect((await post()).status).toBe(403);
    Object.assign(signedIn, { userId: reviewer.id });
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect(await db.job.count({ where: { projectId: project.id, type: "tasks.grounding" } })).toBe(0);

    const accepted = await post();
    expect(accepted.status).toBe(202);
    const { jobId } = await accepted.json();
    const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ projectId: project.id, type: "tasks.grounding", status: "queued" });
    expect(job.payload).toEqual(body());
    expect(await db.auditEvent.count({ where: { projectId: project.id, action: "tasks.grounding_started", subjectId: jobId } })).toBe(1);
  });
});

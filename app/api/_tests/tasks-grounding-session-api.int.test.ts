import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postGrounding } from "@/app/api/tasks/grounding/route";
import { getDb } from "@/lib/db/client";
import { createJudge } from "@/lib/judges/save-judge";
import { uniqueName } from "@/lib/testing/factories";
import { callRoute, routeTestProjects, signedIn } from "@/lib/next/route-test";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
const [project] = routeTestProjects(["grounding-session"], { members: ["reviewer", "viewer"] });
let judgeId: string;

beforeAll(async () => {
  judgeId = (await createJudge(db, { projectId: project.id, input: { name: uniqueName("reference"), config: { kind: "reference" } } })).judge.id;
});

const body = () => ({ policy: { kind: "registered", name: "lab" }, judgeIds: [judgeId], environment: "lab", samples: 8 });
const post = (headers: Record<string, string> = { origin: "http://localhost" }) =>
  callRoute(postGrounding, "/api/tasks/grounding", { body: body(), headers });

describe("POST /api/tasks/grounding", () => {
  it("lets a reviewer queue an A/B, and refuses a viewer and a cross-origin request", async () => {
    Object.assign(signedIn, { userId: project.members.viewer.id, projectSlug: project.slug });
    expect((await post()).status).toBe(403);
    Object.assign(signedIn, { userId: project.members.reviewer.id });
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

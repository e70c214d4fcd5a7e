import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveJudgeAction } from "@/app/actions/judge-actions";
import { getDb } from "@/lib/db/client";
import { deleteProject, makeProject, makeUser } from "@/lib/testing/factories";
import { signedIn } from "@/lib/next/route-test";

// H1 through the /judges form: an admin's llm judge naming AUTH_SECRET and a host of their choosing.
vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));
vi.mock("@/lib/next/current-project", () => import("@/lib/next/route-test").then(({ currentProjectMock }) => currentProjectMock));

const db = getDb();
let project: { id: string; slug: string };
beforeAll(async () => {
  project = await makeProject(db, "judge-form");
  signedIn.projectSlug = project.slug;
  signedIn.userId = (await makeUser(db, { projectId: project.id, role: "admin" })).id;
});
afterAll(() => deleteProject(db, project.id));

describe("the Add judge form", () => {
  it("refuses an admin's judge that would send AUTH_SECRET to a host the operator did not allow, naming the fields, and stores nothing", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "exfil", kind: "llm", baseUrl: "http://127.0.0.1:4444/v1", model: "m", apiKeyEnv: "AUTH_SECRET" })) form.set(name, value);
    const result = await saveJudgeAction(null, form);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^baseUrl http:\/\/127\.0\.0\.1:4444 is not a judge endpoint the operator allows .*; apiKeyEnv AUTH_SECRET is not a key variable the operator allows/) });
    expect(await db.judge.count({ where: { projectId: project.id } })).toBe(0);
  });
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as postScore } from "@/app/api/v1/replay/[id]/score/route";
import { POST as postCodeTask } from "@/app/api/v1/replay/code-tasks/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { systemActor } from "@/lib/audit/record-audit-event";
import { getDb } from "@/lib/db/client";
import { deleteProject, makeProject, uniqueName } from "@/lib/testing/factories";

vi.mock("@/lib/next/auth", () => import("@/lib/next/route-test").then(({ authMock }) => authMock));

const db = getDb();
let project: { id: string };
let other: { id: string };
let key: string;
let otherKey: string;
let repo: string;
let patch: string;
let unrelated: string;
let commit: string;
const environment = uniqueName("code");
const git = (...args: string[]) =>
  execFileSync("git", ["-C", repo, ...args], {
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.test", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.test" },
  });

beforeAll(async () => {
  [project, other] = await Promise.all([makeProject(db, "code-replay"), makeProject(db, "code-replay-other")]);
  const [ownKey, theirKey] = await Promise.all([
    createApiKey(db, { projectId: project.id, name: "env", actor: systemActor }),
    createApiKey(db, { projectId: other.id, name: "env", actor: systemActor }),
  ]);
  [key, otherKey] = [ownKey.key, theirKey.key];
  // A unique file name per run makes a unique commit, so the task is this test's own.
  repo = mkdtempSync(join(tmpdir(), "code-replay-api-"));
  const name = `${uniqueName("greet")}.py`;
  git("init", "-q", "-b", "main");
  writeFileSync(join(repo, name), 'def greet(name):\n    return "hello " + name\n');
  writeFileSync(join(repo, "README.md"), "# greet\n");
  git("add", ".");
  git("commit", "-q", "-m", "Base");
  writeFileSync(join(repo, name), 'def greet(name):\n    return f"Hello, {name}!"\n');
  git("commit", "-q", "-am", "Greet politely");
  commit = git("rev-parse", "HEAD").trim();
  patch = git("format-patch", "-1", "--stdout", "--no-color", "HEAD");
  writeFileSync(join(repo, "README.md"), "# greet\n\nSays hello.\n");
  unrelated = git("diff", "--no-color");
});
afterAll(async () => {
  rmSync(repo, { recursive: true, force: true });
  await Promise.all([deleteProject(db, project.id), deleteProject(db, other.id)]);
});

function post(path: string, body: unknown, apiKey = key, id = "") {
  const request = new NextRequest(`http://localhost${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (path.endsWith("/score") ? postScore : postCodeTask)(request, { params: Promise.resolve({ id }) });
}

describe("code replay over the API", () => {
  it("makes a task from a git format-patch once, and scores the reference 1, an unrelated diff 0, and an empty patch 0", async () => {
    const created = await post("/api/v1/replay/code-tasks", { patch, environment, repository: "example/greet" });
    expect(created.status).toBe(201);
    const { task } = await created.json();
    expect(task).toMatchObject({
      externalId: `commit:${commit}`,
      origin: "commit",
      prompt: "Greet politely",
      environment,
      metadata: { kind: "code-replay", repository: "example/greet", commit, baseCommit: `${commit}^` },
    });
    const again = await post("/api/v1/replay/code-tasks", { patch, environment });
    expect(again.status).toBe(200);
    expect((await again.json()).task.id).toBe(task.id);

    const score = (body: unknown, apiKey = key) => post(`/api/v1/replay/${task.id}/score`, body, apiKey, task.id);
    const diff = patch.slice(patch.indexOf("diff --git"));
    expect(await (await score({ patch: diff })).json()).toMatchObject({ score: 1, files: { score: 1 }, hunks: { score: 1, matched: 1 } });
    expect(await (await score({ patch: unrelated })).json()).toMatchObject({ score: 0, files: { touched: ["README.md"], matched: [] } });
    expect(await (await score({ patch: "" })).json()).toMatchObject({ score: 0 });
    expect(await (await score({ patch: diff, tests: { passed: 1, failed: 1 } })).json()).toMatchObject({ score: 0.75, tests: { score: 0.5 } });
    expect((await score({ patch: diff }, otherKey)).status).toBe(404);
    const noTests = await score({ patch: diff, tests: { passed: 0, failed: 0 } });
    expect(noTests.status).toBe(400);
  });

  it("refuses a plain diff without its message, and a patch that breaks off, saying where", async () => {
    const plain = await post("/api/v1/replay/code-tasks", { patch: unrelated, environment });
    expect(plain.status).toBe(400);
    expect((await plain.json()).error.message).toMatch(/carries no commit message/);
    const cut = patch.slice(0, patch.lastIndexOf("+    return"));
    const broken = await post("/api/v1/replay/code-tasks", { patch: cut, environment });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.message).toMatch(/the hunk ends early .* at line \d+/);
    expect(await db.task.count({ where: { projectId: project.id, origin: "diff" } })).toBe(0);
  });

  it("takes a plain diff with its message as a diff task", async () => {
    const response = await post("/api/v1/replay/code-tasks", { patch: unrelated, message: "Describe what greet does", environment });
    expect(response.status).toBe(201);
    expect((await response.json()).task).toMatchObject({
      origin: "diff",
      prompt: "Describe what greet does",
      metadata: { commit: null, baseCommit: null, files: ["README.md"] },
    });
  });
});

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { deleteProject, makeProject, uniqueName } from "../../lib/testing/factories";
import { lastJsonLine, runCli } from "../../lib/testing/run-cli";
import { storeTraces } from "../../lib/traces/store-traces";
import { traceSchema } from "../../lib/traces/trace-schema";

// `goodhart tasks mine --from-traces` as a user runs it, against the test database.
const db = getDb();
let project: { id: string; slug: string };
const environment = uniqueName("cli-desk");
beforeAll(async () => {
  project = await makeProject(db, "tasks-cli");
  const trace = (order: string) =>
    traceSchema.parse({
      source: "production",
      environment,
      steps: [
        { role: "user", content: `Where is order ${order}?` },
        { type: "tool_call", role: "assistant", name: "lookup_order", arguments: { orderId: order }, result: { status: "shipped" } },
        { role: "assistant", content: `Order ${order} has shipped.` },
      ],
    });
  await storeTraces(db, { projectId: project.id, traces: ["B-1", "B-2"].map((order) => ({ externalId: uniqueName(order), trace: trace(order) })) });
});
afterAll(() => deleteProject(db, project.id));

describe("goodhart tasks mine", () => {
  it("--from-traces mines one task per trace and again mines nothing new", async () => {
    const first = await runCli(["tasks", "mine", "--from-traces", "--environment", environment, "--project", project.slug, "--json"]);
    expect(first.code, first.stderr).toBe(0);
    expect(lastJsonLine(first.stdout)).toMatchObject({ traces: 2, created: 2, existing: 0, skipped: 0 });
    const again = await runCli(["tasks", "mine", "--from-traces", "--environment", environment, "--project", project.slug, "--json"]);
    expect(lastJsonLine(again.stdout)).toMatchObject({ traces: 2, created: 0, existing: 2 });
    const tasks = await db.task.findMany({ where: { projectId: project.id }, orderBy: { prompt: "asc" } });
    expect(tasks.map((t) => [t.prompt, t.referenceAnswer])).toEqual([
      ["Where is order B-1?", "Order B-1 has shipped."],
      ["Where is order B-2?", "Order B-2 has shipped."],
    ]);
  });

  it("refuses to guess a source", async () => {
    const result = await runCli(["tasks", "mine", "--project", project.slug]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--from-traces");
  });
});

describe("goodhart tasks add-code", () => {
  let repo: string;
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "tasks-cli-"));
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, ...args], {
        encoding: "utf8",
        env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.test", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.test" },
      });
    git("init", "-q", "-b", "main");
    writeFileSync(join(repo, "limits.py"), "MAX = 10\n");
    git("add", ".");
    git("commit", "-q", "-m", "Base");
    writeFileSync(join(repo, "limits.py"), `MAX = 20  # ${uniqueName("raised")}\n`);
    git("commit", "-q", "-am", "Raise the limit to 20");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("makes a code replay task from a repository's commit, once", async () => {
    const first = await runCli(["tasks", "add-code", "--repo", repo, "--project", project.slug, "--json"]);
    expect(first.code, first.stderr).toBe(0);
    const added = lastJsonLine(first.stdout);
    expect(added).toMatchObject({
      isNew: true,
      externalId: expect.stringMatching(/^commit:[0-9a-f]{40}$/),
      metadata: { kind: "code-replay", repository: repo, files: ["limits.py"], hunks: 1, baseCommit: expect.stringMatching(/^[0-9a-f]{40}$/) },
    });
    const task = await db.task.findUniqueOrThrow({ where: { id: added.id } });
    expect(task).toMatchObject({ origin: "commit", prompt: "Raise the limit to 20", referenceAnswer: expect.stringContaining("+MAX = 20") });
    const again = await runCli(["tasks", "add-code", "--repo", repo, "--project", project.slug, "--json"]);
    expect(lastJsonLine(again.stdout)).toMatchObject({ isNew: false, id: added.id });
  });

  it("says what git said when the folder is no repository", async () => {
    const result = await runCli(["tasks", "add-code", "--repo", tmpdir(), "--project", project.slug]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/git rev-list failed in .*not a git repository/);
  });
});

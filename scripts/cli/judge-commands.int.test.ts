import { spawn } from "node:child_process";
import { join } from "node:path";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { createJudge } from "../../lib/judges/save-judge";
import { datasetsDir } from "../../lib/testing/datasets-dir";
import { deleteProject, makeProject } from "../../lib/testing/factories";
import { allowJudgeBaseUrls, chatCompletion, startLlmTestServer } from "../../lib/testing/llm-test-server";

// `goodhart judge import` and `goodhart judge run` as a user runs them, against the test database.
const root = path.resolve(import.meta.dirname, "../..");
const dir = join(datasetsDir, "tau2-judge-viewer");
const db = getDb();
let slug: string;
let projectId: string;
const server = await startLlmTestServer(() => ({ body: chatCompletion(JSON.stringify({ label: "pass", score: 0.8, rationale: "ok", issues: [] }), { tokensIn: 2000, tokensOut: 100 }) }));
// The CLI's child process inherits this process's environment, the operator's allow-list included.
const disallowTestServer = allowJudgeBaseUrls(server.url);

beforeAll(async () => {
  ({ slug, id: projectId } = await makeProject(db, "judge-cli"));
});
afterAll(async () => {
  await deleteProject(db, projectId);
  disallowTestServer();
  await server.close();
});

// Async, so the test server in this process keeps answering while the CLI runs.
function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { cwd: root, env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("goodhart judge", () => {
  it("import reports unmatched entries by index and exits 2 before the traces exist", async () => {
    const result = await cli("judge", "import", join(dir, "airline-multi-judge-full.json.summary_quick_triage_v1.json"), "--project", slug, "--json");
    expect(result.status, result.stderr).toBe(2);
    const last = JSON.parse(result.stdout.trim().split("\n").at(-1)!);
    expect(last).toMatchObject({ imported: 0, unchanged: 0 });
    expect(last.unmatched).toHaveLength(50);
    expect(last.unmatched[0]).toMatchObject({ index: 0 });
  });

  it("import matches the verdicts once the tau2 traces are in, and again changes nothing", async () => {
    expect((await cli("import", join(dir, "azure-airline-full.json"), "--project", slug)).status).toBe(0);
    const file = join(dir, "airline-multi-judge-full.json.summary_policy_conversation_v1.json");
    const first = await cli("judge", "import", file, "--project", slug, "--json");
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout.trim().split("\n").at(-1)!)).toEqual({ imported: 50, unchanged: 0, judges: ["policy_conversation_v1"], unmatched: [] });
    const again = await cli("judge", "import", file, "--project", slug, "--json");
    expect(JSON.parse(again.stdout.trim().split("\n").at(-1)!)).toMatchObject({ imported: 0, unchanged: 50 });
  });

  it("run judges an environment's traces as a job, with tokens and cost, then hits the cache", async () => {
    await createJudge(db, { projectId, input: { name: "local-llm", config: { kind: "llm", baseUrl: `${server.url}/v1`, model: "m", pricePerMTokensIn: 1, pricePerMTokensOut: 2 } } });
    const first = await cli("judge", "run", "--judge", "local-llm", "--environment", "tau2/airline", "--limit", "5", "--project", slug, "--json");
    expect(first.status, first.stderr).toBe(0);
    const totals = JSON.parse(first.stdout.trim().split("\n").at(-1)!);
    expect(totals).toMatchObject({ selected: 5, verdicts: 5, errors: 0, requests: 5, tokensIn: 10_000, tokensOut: 500 });
    expect(totals.costUsd).toBeCloseTo(5 * (2000 * 1 + 100 * 2) / 1e6, 10);
    expect(server.requests).toHaveLength(5);
    const job = await db.job.findUniqueOrThrow({ where: { id: totals.jobId } });
    expect(job).toMatchObject({ type: "judges.run", status: "succeeded", progress: 1 });
    expect(await db.verdict.count({ where: { jobId: totals.jobId } })).toBe(5);

    const again = await cli("judge", "run", "--judge", "local-llm", "--environment", "tau2/airline", "--limit", "5", "--project", slug, "--json");
    expect(JSON.parse(again.stdout.trim().split("\n").at(-1)!)).toMatchObject({ verdicts: 0, cached: 5, requests: 0 });
    expect(server.requests).toHaveLength(5);
  });

  it("add creates a judge, keeps an unchanged config and versions a changed one", async () => {
    expect((await cli("judge", "add", "--name", "ref", "--config", '{"kind":"reference"}', "--project", slug)).stdout).toContain("judge ref (reference) added, version 1");
    expect((await cli("judge", "add", "--name", "ref", "--config", '{"kind":"reference"}', "--project", slug)).stdout).toContain("unchanged (version 1)");
    expect((await cli("judge", "add", "--name", "ref", "--config", '{"kind":"reference","match":"exact"}', "--project", slug)).stdout).toContain("new version 2");
    const bad = await cli("judge", "add", "--name", "bad", "--config", '{"kind":"llm"}', "--project", slug);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("model");
  });

  it("add refuses a judge that would send AUTH_SECRET to a host the operator did not allow, naming the fields", async () => {
    const result = await cli("judge", "add", "--name", "exfil", "--config", JSON.stringify({ kind: "llm", baseUrl: "http://127.0.0.1:1/v1", model: "m", apiKeyEnv: "AUTH_SECRET" }), "--project", slug);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("error: baseUrl http://127.0.0.1:1 is not a judge endpoint the operator allows (GOODHART_JUDGE_BASE_URLS); apiKeyEnv AUTH_SECRET is not a key variable the operator allows");
    expect(await db.judge.count({ where: { projectId, name: "exfil" } })).toBe(0);
  });

  it("exits 1 naming the known judges for an unknown --judge", async () => {
    const result = await cli("judge", "run", "--judge", "nope", "--project", slug);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: Unknown judge "nope"');
    expect(result.stderr).toContain("local-llm");
  });
});

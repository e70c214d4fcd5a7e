import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { deleteProject, makeProject } from "../../lib/testing/factories";

// `goodhart lab run` as a user runs it, against the test database, in a project of its own.
const root = path.resolve(import.meta.dirname, "../..");
const db = getDb();
let slug: string;
let projectId: string;

beforeAll(async () => {
  const project = await makeProject(db, "lab-cli");
  ({ slug, id: projectId } = project);
});
afterAll(() => deleteProject(db, projectId));

function cli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL },
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("goodhart lab run", () => {
  it("trains a run as a job and ends stdout with the documented summary line", () => {
    const result = cli("lab", "run", "--steps", "20", "--batch", "8", "--project", slug, "--json");
    expect(result.status, result.stderr).toBe(0);
    const last = result.stdout.trim().split("\n").at(-1)!;
    const summary = JSON.parse(last);
    expect(Object.keys(summary)).toEqual(["runId", "steps", "proxyReward", "trueSuccess", "heldOutSuccess", "hackRate"]);
    expect(Object.keys(summary.trueSuccess)).toEqual(["first", "best", "last"]);
    expect(summary.steps).toBe(20);
    for (const value of [summary.proxyReward.first, summary.proxyReward.last, summary.trueSuccess.best, summary.heldOutSuccess.last, summary.hackRate.last]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(result.stderr).toContain("true success");
  });

  it("stores the run and its job as succeeded with full progress", async () => {
    const runs = await db.trainingRun.findMany({ where: { projectId } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", trainer: "lab" });
    expect(await db.metricPoint.count({ where: { runId: runs[0]!.id, name: "reward/proxy" } })).toBe(20);
    const job = await db.job.findUniqueOrThrow({ where: { idempotencyKey: runs[0]!.id } });
    expect(job).toMatchObject({ status: "succeeded", progress: 1, progressMessage: expect.stringContaining("step 20 of 20") });
  });

  it("exits 1 with a clear message on an unknown --rubric", () => {
    const result = cli("lab", "run", "--rubric", "v7", "--steps", "2", "--project", slug, "--json");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error: Unknown rubric version "v7"');
    // --json: the only line on stdout is the error, for a script to read.
    expect(JSON.parse(result.stdout.trim())).toEqual({ error: expect.stringMatching(/^Unknown rubric version "v7"/) });
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { seedLabRubrics } from "../../lib/lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../../lib/testing/factories";
import { storeTraces } from "../../lib/traces/store-traces";

// `goodhart export rubric` as a user runs it, against the test database, in a project of its own.
const root = path.resolve(import.meta.dirname, "../..");
const db = getDb();
let slug: string;
let projectId: string;
let versionId: string;

beforeAll(async () => {
  ({ slug, id: projectId } = await makeProject(db, "export-cli"));
  versionId = (await seedLabRubrics(db, { projectId })).rubricVersionId;
});
afterAll(() => deleteProject(db, projectId));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { cwd: root, env: process.env, encoding: "utf8", timeout: 120_000 });

describe("goodhart export rubric", () => {
  it("prints the version as JSON and fails with a message for an unknown id", () => {
    const result = cli("export", "rubric", "--version", versionId, "--project", slug);
    expect(result.status, result.stderr).toBe(0);
    const exported = JSON.parse(result.stdout);
    expect(exported).toMatchObject({ format: "goodhart.rubric-version/1", id: versionId, environment: "lab", version: 1, status: "approved" });
    expect(exported.items.map((item: { key: string }) => item.key)).toEqual(["confirms_refund", "polite_tone", "looked_up_order", "checked_policy"]);

    const missing = cli("export", "rubric", "--version", "nope", "--project", slug);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/Rubric version not found/);
  });
});

describe("goodhart export distillation", () => {
  it("writes the environment's turns of the run's rollouts to a file and refuses a bad filter by its flag", async () => {
    const trace = (run: string) => ({
      externalId: `distill-${run}`,
      source: "rollout" as const,
      environment: "desk",
      run,
      steps: [
        { type: "message" as const, role: "user" as const, content: `refund please (${run})` },
        { type: "tool_call" as const, role: "assistant" as const, name: "lookup_policy", arguments: { order: 7 }, result: "not eligible" },
        { type: "message" as const, role: "assistant" as const, content: "Sorry, no refund." },
      ],
    });
    await storeTraces(db, { projectId, traces: ["run-a", "run-b"].map((run) => ({ trace: trace(run), externalId: `distill-${run}` })) });
    const folder = mkdtempSync(path.join(tmpdir(), "distill-"));
    try {
      const out = path.join(folder, "world.jsonl");
      const result = cli("export", "distillation", "--run", "run-b", "--format", "prompt-completion", "--out", out, "--project", slug);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain(`2 records written to ${out}`);
      const records = readFileSync(out, "utf8").trim().split("\n").map((line) => JSON.parse(line));
      expect(records.map((record) => record.completion[0].content)).toEqual(["refund please (run-b)", "not eligible"]);

      const bad = cli("export", "distillation", "--steps", "9,1", "--project", slug);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("--steps: from must not exceed to");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

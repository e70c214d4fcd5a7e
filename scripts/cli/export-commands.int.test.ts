import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { seedLabRubrics } from "../../lib/lab/seed-lab-rubrics";
import { deleteProject, makeProject } from "../../lib/testing/factories";

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

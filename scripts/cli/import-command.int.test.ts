import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { datasetsDir } from "../../lib/ingest/fixtures/collect-records";
import { deleteProject, makeProject } from "../../lib/testing/factories";

const db = getDb();
let project: { id: string; slug: string };
const dir = mkdtempSync(path.join(tmpdir(), "goodhart-import-"));
beforeAll(async () => {
  project = await makeProject(db, "cli-import");
});
afterAll(() => deleteProject(db, project.id));

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli/index.ts", ...args], { env: { ...process.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (data) => (stdout += data));
    child.stderr.on("data", (data) => (stderr += data));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1)!);

describe("goodhart import", () => {
  it("imports a dataset file with its README's count, then reports all as duplicates and adds no rows", async () => {
    const file = path.join(datasetsDir, "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json");
    const first = await cli("import", file, "--project", project.slug, "--json");
    expect(first.code).toBe(0);
    expect(lastJson(first.stdout)).toEqual({ accepted: 20, duplicates: 0, rejected: [] });
    const second = await cli("import", file, "--project", project.slug, "--json");
    expect(second.code).toBe(0);
    expect(lastJson(second.stdout)).toEqual({ accepted: 0, duplicates: 20, rejected: [] });
    expect(await db.trace.count({ where: { projectId: project.id } })).toBe(20);
  });

  it("keeps the good lines of a broken JSONL file, names the bad ones by file and line, and exits 2", async () => {
    const file = path.join(dir, "some-bad.jsonl");
    const line = (n: number) => JSON.stringify({ messages: [{ role: "user", content: `q${n}` }, { role: "assistant", content: `a${n}` }] });
    writeFileSync(file, [line(1), '{"messages": [', line(2), '{"messages": "no"}'].join("\n"));
    const run = await cli("import", file, "--project", project.slug, "--format", "openai", "--json");
    expect(run.code).toBe(2);
    const result = lastJson(run.stdout);
    expect(result.accepted).toBe(2);
    expect(result.rejected.map((r: { line: number }) => r.line)).toEqual([2, 4]);
    expect(run.stderr).toContain(`${file}: line 2: invalid JSON`);
  });

  it("exits 2 for an empty file and for truncated JSON", async () => {
    const empty = path.join(dir, "empty.json");
    const truncated = path.join(dir, "cut.json");
    writeFileSync(empty, "");
    writeFileSync(truncated, '[{"steps": [{"role": "user", "content": "hi"}]},\n {"steps": [');
    const [a, b] = await Promise.all([cli("import", empty, "--project", project.slug), cli("import", truncated, "--project", project.slug, "--json")]);
    expect(a.code).toBe(2);
    expect(a.stdout).toContain(`${empty}: file is empty`);
    expect(b.code).toBe(2);
    expect(lastJson(b.stdout).rejected[0]).toMatchObject({ line: 2, error: expect.stringMatching(/invalid JSON at line 2/) });
  });

  it("exits 1 for a missing file or an unknown format", async () => {
    const [missing, unknown] = await Promise.all([
      cli("import", path.join(dir, "nope.jsonl"), "--project", project.slug),
      cli("import", path.join(datasetsDir, "tau-bench/gpt-4o-airline.json"), "--format", "csv", "--project", project.slug),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown format "csv"/);
  });
});

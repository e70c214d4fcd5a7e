import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { deleteProject, makeProject, uniqueName } from "../../lib/testing/factories";
import { lastJsonLine, runCli } from "../../lib/testing/run-cli";

const db = getDb();
let project: { id: string; slug: string };
const dir = mkdtempSync(path.join(tmpdir(), "goodhart-runs-import-"));
beforeAll(async () => {
  project = await makeProject(db, "cli-runs");
});
afterAll(() => deleteProject(db, project.id));

const cli = (...args: string[]) => runCli(args);
const lastJson = lastJsonLine;

describe("goodhart runs import", () => {
  it("imports a W&B history CSV into a new run, and importing it again stores nothing new", async () => {
    const file = path.join(dir, "history.csv");
    const rows = Array.from({ length: 300 }, (_, step) => `${step},${1_767_225_600 + step},${(step / 300).toFixed(4)},${(1 - step / 300).toFixed(4)}`);
    writeFileSync(file, ["_step,_timestamp,reward/proxy,eval/success", ...rows].join("\n"));
    const run = uniqueName("wandb");
    const first = await cli("runs", "import", file, "--run", run, "--trainer", "verl", "--project", project.slug, "--json");
    expect(first.code, first.stderr).toBe(0);
    // With --json, stdout is the result alone; what a person reads goes to stderr.
    expect(first.stderr).toContain(`made run "${run}"`);
    expect(first.stderr).toMatch(/: 600 points of 2 metrics from csv/);
    expect(JSON.parse(first.stdout.trim())).toMatchObject({ format: "csv", points: 600, metrics: ["eval/success", "reward/proxy"], skipped: 0, rejected: [] });
    const second = await cli("runs", "import", file, "--run", run, "--project", project.slug);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`added to run "${run}"`);
    const stored = await db.trainingRun.findMany({ where: { projectId: project.id, name: run }, include: { _count: { select: { metrics: true } } } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ trainer: "verl", _count: { metrics: 600 } });
  });

  it("exits 2 naming each line it could not read, and stores the lines it could", async () => {
    const file = path.join(dir, "trainer_log.jsonl");
    writeFileSync(file, [JSON.stringify({ step: 1, loss: 0.5 }), "{oops", JSON.stringify({ loss: 0.4 }), JSON.stringify({ step: 2, loss: 0.3 })].join("\n"));
    const run = uniqueName("trl");
    const result = await cli("runs", "import", file, "--run", run, "--project", project.slug, "--json");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:2: not JSON`);
    expect(result.stderr).toContain(`${file}:3: no step column`);
    expect(result.stderr).toMatch(/: 2 points of 1 metric from jsonl/);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ points: 2, rejected: [{ line: 2 }, { line: 3 }] });
    expect(await db.metricPoint.count({ where: { run: { projectId: project.id, name: run } } })).toBe(2);
  });

  it("exits 1 naming each line it could not read when it could read none, and makes no run", async () => {
    const file = path.join(dir, "unreadable.jsonl");
    writeFileSync(file, ["{oops", JSON.stringify({ loss: 0.4 })].join("\n"));
    const run = uniqueName("unreadable");
    const result = await cli("runs", "import", file, "--run", run, "--project", project.slug);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:1: not JSON`);
    expect(result.stderr).toContain(`${file}:2: no step column`);
    expect(result.stderr).toContain("error: unreadable.jsonl has no metric points: 2 lines or records could not be read");
    expect(await db.trainingRun.count({ where: { projectId: project.id, name: run } })).toBe(0);
  });

  it("exits 1 with one line for a file it cannot open, and makes no run; with --json, a line a script can read", async () => {
    const run = uniqueName("missing");
    const result = await cli("runs", "import", path.join(dir, "nope.csv"), "--run", run, "--project", project.slug);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`error: cannot read ${path.join(dir, "nope.csv")}: ENOENT`);
    expect(await db.trainingRun.count({ where: { projectId: project.id, name: run } })).toBe(0);
    const json = await cli("runs", "import", path.join(dir, "nope.csv"), "--run", run, "--project", project.slug, "--json");
    expect(lastJson(json.stdout)).toEqual({ error: `cannot read ${path.join(dir, "nope.csv")}: ENOENT` });
    const noRun = await cli("runs", "import", path.join(dir, "nope.csv"), "--project", project.slug, "--json");
    expect(noRun.code).toBe(1);
    expect(lastJson(noRun.stdout)).toEqual({ error: "required option '--run <name>' not specified" });
  });

  it("reads a relative file from the directory npm run goodhart was started in, not the checkout's root", async () => {
    writeFileSync(path.join(dir, "relative.csv"), ["step,loss", "1,0.5", "2,0.4"].join("\n"));
    const run = uniqueName("relative");
    // What npm sets when `npm run goodhart -- ...` is typed in `dir`: it runs the script from the checkout's root.
    const result = await runCli(["runs", "import", "relative.csv", "--run", run, "--project", project.slug, "--json"], { env: { npm_lifecycle_event: "goodhart", INIT_CWD: dir } });
    expect(result.code, result.stderr).toBe(0);
    expect(lastJson(result.stdout)).toMatchObject({ points: 2 });
  });
});

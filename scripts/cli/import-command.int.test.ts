import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { datasetsDir, fixturesDir } from "../../lib/ingest/fixtures/collect-records";
import { deleteProject, makeProject } from "../../lib/testing/factories";
import { lastJsonLine, runCli } from "../../lib/testing/run-cli";

const db = getDb();
let project: { id: string; slug: string };
const dir = mkdtempSync(path.join(tmpdir(), "goodhart-import-"));
beforeAll(async () => {
  project = await makeProject(db, "cli-import");
});
afterAll(() => deleteProject(db, project.id));

const cli = (...args: string[]) => runCli(args);
const lastJson = lastJsonLine;

describe("goodhart import", () => {
  it("imports a dataset file with its README's count, then reports all as duplicates and adds no rows", async () => {
    const file = path.join(datasetsDir, "tau2-results/gpt-4.1_airline_default_gpt-4.1_1trials.json");
    const first = await cli("import", file, "--project", project.slug, "--json");
    expect(first.code).toBe(0);
    const ids = (await db.trace.findMany({ where: { projectId: project.id }, select: { id: true } })).map((t) => t.id).sort();
    expect(ids).toHaveLength(20);
    const firstJson = lastJson(first.stdout);
    expect({ ...firstJson, traceIds: [...firstJson.traceIds].sort() }).toEqual({ accepted: 20, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: ids });
    const second = await cli("import", file, "--project", project.slug, "--json");
    expect(second.code).toBe(0);
    expect(lastJson(second.stdout)).toEqual({ accepted: 0, updated: 0, pending: 0, duplicates: 20, rejected: [], traceIds: firstJson.traceIds });
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

  it("rejects unreadable records of a JSON array or JSONL by file and index or line, stores none of them, and exits 2", async () => {
    const before = await db.trace.count({ where: { projectId: project.id } });
    // A JSON array no format reads (an Agents SDK run's to_input_list() items): refused whole, naming the formats tried.
    const unknownArray = path.join(dir, "unknown.json");
    writeFileSync(
      unknownArray,
      JSON.stringify([
        { content: "Refund order 8812", role: "user" },
        { arguments: '{"order_id":"8812"}', call_id: "call_1", name: "lookup_order", type: "function_call", id: "fc_1", status: "completed" },
      ]),
    );
    // Forced as LangSmith: each element is rejected by its index.
    const forced = path.join(dir, "not-runs.json");
    writeFileSync(forced, JSON.stringify([{ foo: 1 }, { bar: 2 }], null, 2));
    // Native JSONL: an unknown field and an empty record are rejected by line.
    const native = path.join(dir, "native.jsonl");
    writeFileSync(native, [JSON.stringify({ steps: [{ role: "user", content: "ok" }], externalId: `${project.slug}-ok` }), JSON.stringify({ foo: 1 }), JSON.stringify({ metadata: { a: 1 } })].join("\n"));
    const [a, b, c] = await Promise.all([
      cli("import", unknownArray, "--project", project.slug, "--json"),
      cli("import", forced, "--project", project.slug, "--format", "langsmith", "--json"),
      cli("import", native, "--project", project.slug, "--json"),
    ]);
    expect(a.code).toBe(2);
    expect(lastJson(a.stdout)).toMatchObject({ accepted: 0, rejected: [{ error: expect.stringMatching(/could not tell the format.*tried native \(.*langsmith \(.*phoenix \(/) }] });
    expect(b.code).toBe(2);
    expect(lastJson(b.stdout)).toEqual({
      accepted: 0,
      updated: 0,
      pending: 0,
      duplicates: 0,
      rejected: [
        { index: 0, error: expect.stringMatching(/^index 0: not a LangSmith run/) },
        { index: 1, error: expect.stringMatching(/^index 1: not a LangSmith run/) },
      ],
      traceIds: [],
    });
    expect(b.stderr).toContain(`${forced}: index 1: not a LangSmith run`);
    expect(c.code).toBe(2);
    expect(lastJson(c.stdout)).toEqual({
      accepted: 1,
      updated: 0,
      pending: 0,
      duplicates: 0,
      rejected: [
        { line: 2, error: expect.stringMatching(/^line 2: unknown field "foo"/) },
        { line: 3, error: "line 3: nothing to store: the record gives no steps, messages, input or output" },
      ],
      traceIds: [expect.any(String)],
    });
    expect(c.stderr).toContain(`${native}: line 3: nothing to store`);
    expect(await db.trace.count({ where: { projectId: project.id } })).toBe(before + 1);
  });

  it("detects and imports an OpenAI Agents export, a LangSmith runs export and a Phoenix spans export", async () => {
    const runs = await Promise.all(
      ["openai-agents-export.json", "langsmith-runs.jsonl", "phoenix-spans.jsonl"].map((name) => cli("import", path.join(fixturesDir, name), "--project", project.slug, "--json")),
    );
    expect(runs.map((run) => [run.code, lastJson(run.stdout)])).toEqual([
      [0, { accepted: 2, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: Array.from({ length: 2 }, () => expect.any(String)) }],
      [0, { accepted: 1, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: Array.from({ length: 1 }, () => expect.any(String)) }],
      [0, { accepted: 1, updated: 0, pending: 0, duplicates: 0, rejected: [], traceIds: Array.from({ length: 1 }, () => expect.any(String)) }],
    ]);
    const stored = await db.trace.findFirstOrThrow({ where: { projectId: project.id, externalId: { startsWith: "phoenix:" } }, include: { steps: { orderBy: { index: "asc" } } } });
    expect(stored.steps.map((step) => step.type)).toEqual(["message", "message", "tool_call", "message"]);
  });
});

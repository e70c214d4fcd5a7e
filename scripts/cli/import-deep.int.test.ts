import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { deleteProject, makeProject, uniqueName } from "../../lib/testing/factories";
import { runCli } from "../../lib/testing/run-cli";

// Mutated files once crashed `goodhart import` with a stack trace; a too-deep record is now one rejected line.
const db = getDb();
let project: { id: string; slug: string };
const dir = mkdtempSync(path.join(tmpdir(), "goodhart-import-deep-"));
beforeAll(async () => {
  project = await makeProject(db, "cli-deep");
});
afterAll(() => deleteProject(db, project.id));

const cli = (...args: string[]) => runCli(args);

const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
const native = (id: string, extra = "") => `{"externalId": "${id}", "steps": [{"role": "user", "content": "hi"${extra}}]}`;
const openai = (n: number, args: string) =>
  JSON.stringify({ messages: [{ role: "user", content: `q${n}` }, { role: "assistant", content: null, tool_calls: [{ id: `c${n}`, type: "function", function: { name: "f", arguments: "{}" } }] }] }).replace('"arguments":"{}"', `"arguments":${args}`);

describe("goodhart import of a record nested 10,000 deep", () => {
  it.each([
    ["native JSONL", "deep.jsonl", (id: string) => [native(`${id}-1`), native(`${id}-2`, `, "metadata": {"a": ${deep}}`), native(`${id}-3`)].join("\n"), "line 2: steps[0].metadata.a"],
    ["a native JSON array", "deep.json", (id: string) => `[\n${[native(`${id}-1`), native(`${id}-2`, `, "arguments": ${deep}`), native(`${id}-3`)].join(",\n")}\n]`, "index 1: steps[0].arguments"],
    ["OpenAI chat JSONL with deep tool arguments", "deep-openai.jsonl", () => [openai(1, "{}"), openai(2, deep), openai(3, "{}")].join("\n"), "line 2: "],
  ])("%s: prints one line with the file and where, imports the rest, and exits 2", async (_name, fileName, write, where) => {
    const id = uniqueName("deep");
    const file = path.join(dir, `${id}-${fileName}`);
    writeFileSync(file, write(id));
    const run = await cli("import", file, "--project", project.slug);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
    const rejected = run.stdout.split("\n").filter((line) => line.includes("rejected: "));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toContain(`${file}: ${where}`);
    expect(rejected[0]).toMatch(/nested (deeper than 128 levels|too deeply to read)/);
    expect(run.stdout).toContain("2 accepted, 0 duplicates, 1 rejected");
  });
});

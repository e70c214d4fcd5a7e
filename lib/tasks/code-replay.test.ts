import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../replay/parse-unified-diff";
import { readCodeReplayCommit } from "./code-replay-from-git";
import { scoreCodeReplay } from "./code-replay-score";
import { readCodeReplaySource } from "./code-replay-source";

// A fixture repository made here: a base commit, the commit to replay (two hunks in one file and a
// new file), and an unrelated commit on the side.
let repo: string;
let base: string;
let fix: string;
const git = (...args: string[]) =>
  execFileSync("git", ["-C", repo, ...args], {
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "T", GIT_AUTHOR_EMAIL: "t@example.test", GIT_COMMITTER_NAME: "T", GIT_COMMITTER_EMAIL: "t@example.test" },
  });
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `export const ${tag}${i} = ${i};`).join("\n");
const message = "Round money to cents in add and subtract\n\nBoth truncated: 0.1 + 0.2 gave 0.30000000000000004.";

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "code-replay-"));
  git("init", "-q", "-b", "main");
  mkdirSync(join(repo, "src"));
  writeFileSync(
    join(repo, "src/money.ts"),
    `export function add(a: number, b: number) {\n  return a + b;\n}\n${lines(20, "pad")}\nexport function subtract(a: number, b: number) {\n  return a - b;\n}\n`,
  );
  writeFileSync(join(repo, "README.md"), "# money\n\nSmall helpers.\n");
  git("add", ".");
  git("commit", "-q", "-m", "Base");
  base = git("rev-parse", "HEAD").trim();
  writeFileSync(
    join(repo, "src/money.ts"),
    `export function add(a: number, b: number) {\n  return cents(a + b);\n}\n${lines(20, "pad")}\nexport function subtract(a: number, b: number) {\n  return cents(a - b);\n}\n`,
  );
  writeFileSync(join(repo, "src/cents.ts"), "export const cents = (x: number) => Math.round(x * 100) / 100;\n");
  git("add", ".");
  writeFileSync(join(repo, ".git/MESSAGE"), message);
  git("commit", "-q", "-F", join(repo, ".git/MESSAGE"));
  fix = git("rev-parse", "HEAD").trim();
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("code replay from a fixture commit", () => {
  it("makes the task from the commit: its message, the tree before it, its diff", async () => {
    const source = await readCodeReplayCommit({ repoDir: repo, commit: fix });
    expect(source).toMatchObject({ origin: "commit", commit: fix, message, baseCommit: base });
    expect(source.files.map((f) => [f.path, f.status, f.hunks.length])).toEqual([
      ["src/cents.ts", "added", 1],
      ["src/money.ts", "modified", 2],
    ]);
  });

  it("scores the reference diff 1 and an unrelated diff 0", async () => {
    const reference = (await readCodeReplayCommit({ repoDir: repo, commit: fix })).files;
    expect(scoreCodeReplay(reference, reference).score).toBe(1);
    writeFileSync(join(repo, "README.md"), "# money\n\nSmall helpers for sums.\n");
    const unrelated = parseUnifiedDiff(git("diff", "--no-color"));
    git("checkout", "--", "README.md");
    expect(unrelated.map((f) => f.path)).toEqual(["README.md"]);
    expect(scoreCodeReplay(reference, unrelated)).toMatchObject({ score: 0, files: { score: 0 }, hunks: { matched: 0 } });
  });

  it("gives partial credit for part of the change, and weighs test results in when sent", async () => {
    const reference = (await readCodeReplayCommit({ repoDir: repo, commit: fix })).files;
    // Only the add fix, written with other spacing: one of three hunks, in one of two files.
    writeFileSync(
      join(repo, "src/money.ts"),
      `export function add(a: number, b: number) {\n    return   cents(a + b);\n}\n${lines(20, "pad")}\nexport function subtract(a: number, b: number) {\n  return a - b;\n}\n`,
    );
    const partial = parseUnifiedDiff(git("diff", "--no-color", base, "--", "src/money.ts"));
    git("checkout", fix, "--", "src/money.ts");
    const scored = scoreCodeReplay(reference, partial);
    // files: 2·1/(2+1) = 2/3; hunks: 2·1/(3+1) = 1/2; 0.3·2/3 + 0.7·1/2 = 0.55.
    expect(scored).toMatchObject({ score: 0.55, files: { matched: ["src/money.ts"] }, hunks: { reference: 3, rollout: 1, matched: 1, score: 0.5 } });
    expect(scoreCodeReplay(reference, reference, { passed: 3, failed: 1 })).toMatchObject({ score: 0.875, tests: { score: 0.75 } });
    expect(() => scoreCodeReplay(reference, reference, { passed: 0, failed: 0 })).toThrow(/name no test/);
  });

  it("reads the same commit from a git show text, and a plain diff with the message given", async () => {
    const reference = (await readCodeReplayCommit({ repoDir: repo, commit: fix })).files;
    const shown = readCodeReplaySource(git("show", "--no-color", fix));
    expect(shown).toMatchObject({ origin: "commit", commit: fix, message });
    expect(scoreCodeReplay(reference, shown.files).score).toBe(1);
    const plain = git("diff", "--no-color", base, fix);
    expect(() => readCodeReplaySource(plain)).toThrow(/carries no commit message/);
    expect(readCodeReplaySource(plain, { message: "Round to cents" })).toMatchObject({ origin: "diff", commit: null, message: "Round to cents" });
  });
});

describe("parseUnifiedDiff", () => {
  it("reads hunks by their counts, so a removed line that looks like a header is a line", () => {
    const diff = ["--- a/notes.md", "+++ b/notes.md", "@@ -1,3 +1 @@", " # Notes", "--- a/old", "-+++ b/old", "@@ -9 +9 @@", "-x", "+y"].join("\n");
    const [file, ...rest] = parseUnifiedDiff(diff);
    expect(rest).toEqual([]);
    expect(file!.hunks.map((h) => h.lines)).toEqual([
      [
        { kind: "context", text: "# Notes" },
        { kind: "delete", text: "-- a/old" },
        { kind: "delete", text: "+++ b/old" },
      ],
      [
        { kind: "delete", text: "x" },
        { kind: "add", text: "y" },
      ],
    ]);
  });

  it("refuses a hunk cut short, naming the line", () => {
    expect(() => parseUnifiedDiff(["--- a/x", "+++ b/x", "@@ -1,3 +1,3 @@", " a", "-b"].join("\n"))).toThrow(
      /the hunk ends early \(1 old and 2 new lines missing\) at line 6/,
    );
  });
});

describe("readCodeReplaySource", () => {
  const patch = (body: string[]) =>
    [
      "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001",
      "From: T <t@example.test>",
      "Subject: [PATCH] Drop the empty item",
      "",
      "---",
      " list.md | 1 -",
      "",
      "diff --git a/list.md b/list.md",
      "--- a/list.md",
      "+++ b/list.md",
      ...body,
    ].join("\n");

  it("cuts git's signature off the reference diff, but never a removed line that looks like it", () => {
    const signed = readCodeReplaySource(patch(["@@ -1,2 +1 @@", " - one", "-- ", "-- ", "2.39.5", ""]));
    expect(signed.diff).not.toContain("2.39.5");
    expect(signed.diff.endsWith("\n - one\n-- \n")).toBe(true);
    expect(signed.files[0]!.hunks[0]!.lines).toEqual([
      { kind: "context", text: "- one" },
      { kind: "delete", text: "- " },
    ]);
    const unsigned = readCodeReplaySource(patch(["@@ -1,3 +1,2 @@", " - one", "-- ", " - three", ""]));
    expect(unsigned.diff).toContain("\n-- \n - three");
    expect(unsigned.message).toBe("Drop the empty item");
  });
});

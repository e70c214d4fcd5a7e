import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../lib/db/client";
import { deleteProject } from "../../lib/testing/factories";
import { createFreshDatabase, type FreshDatabase } from "../../lib/testing/fresh-database";
import { lastJsonLine, runCli } from "../../lib/testing/run-cli";
import { seedEveryModel } from "../../lib/testing/seed-every-model";

// `goodhart backup export` on the test database and `goodhart backup import` into a fresh SQLite
// file, as a user runs them.
const db = getDb();
let folder: string;
let target: FreshDatabase;
let seeded: Awaited<ReturnType<typeof seedEveryModel>>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "goodhart-backup-cli-"));
  [seeded, target] = await Promise.all([seedEveryModel(db), createFreshDatabase("sqlite")]);
});
afterAll(async () => {
  await deleteProject(db, seeded.project.id);
  await target.drop();
  await rm(folder, { recursive: true, force: true });
});

describe("goodhart backup", () => {
  it("exports a project to a private file and imports it into another database once", { timeout: 180_000 }, async () => {
    const file = path.join(folder, "project.jsonl.gz");
    const exported = await runCli(["backup", "export", "--project", seeded.project.slug, "--out", file, "--json"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/TraceStep: 2/);
    const manifest = lastJsonLine(exported.stdout);
    expect(manifest).toMatchObject({ file, counts: { Project: 1, Trace: 2, User: 2 } });
    expect(statSync(file).mode & 0o077).toBe(0);

    const imported = await runCli(["backup", "import", "--file", file, "--json"], { env: { DATABASE_URL: target.url } });
    expect(imported.code, imported.stderr).toBe(0);
    expect(lastJsonLine(imported.stdout)).toEqual({
      status: "imported",
      project: { id: seeded.project.id, slug: seeded.project.slug },
      counts: manifest.counts,
      contentHash: manifest.contentHash,
    });
    expect(await target.db.trace.count({ where: { projectId: seeded.project.id } })).toBe(2);

    const again = await runCli(["backup", "import", "--file", file], { env: { DATABASE_URL: target.url } });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already here with the same content; nothing was written/);
  });

  it("fails with the reason for a file that is not a backup", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "not-a-backup.gz");
    await writeFile(file, "plain text, not gzip");
    const result = await runCli(["backup", "import", "--file", file], { env: { DATABASE_URL: target.url } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot be read as a gzipped backup/);

    const missing = await runCli(["backup", "export", "--project", "no-such-project-slug", "--out", path.join(folder, "x.gz")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Project "no-such-project-slug" not found/);
  });
});

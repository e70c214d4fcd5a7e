import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, providerOfDb, type Db } from "../db/client";
import { readDatabaseUrl } from "../db/database-url";
import { canonicalJson } from "../traces/hash-trace";
import { deleteProject, makeProject } from "../testing/factories";
import { createFreshDatabase, type FreshDatabase } from "../testing/fresh-database";
import { seedEveryModel } from "../testing/seed-every-model";
import { backupModelNames } from "./backup-models";
import { BackupDigest, type BackupRecord } from "./backup-record";
import { digestProject, exportProjectBackup } from "./export-project-backup";
import { importProjectBackup } from "./import-project-backup";
import { readProjectRecords } from "./read-project-records";

// A project with a row in every model goes from the test database to a fresh PostgreSQL database
// (when one is configured) and back into a fresh SQLite file; counts, content hash and every record
// must be the same at each hop.
const db = getDb();
const url = readDatabaseUrl();
const fresh: FreshDatabase[] = [];
let folder: string;
let seeded: Awaited<ReturnType<typeof seedEveryModel>>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "goodhart-backup-"));
  seeded = await seedEveryModel(db);
});
afterAll(async () => {
  await deleteProject(db, seeded.project.id);
  await Promise.all(fresh.map((database) => database.drop()));
  await rm(folder, { recursive: true, force: true });
});

async function freshDatabase(provider: "sqlite" | "postgresql") {
  const database = await createFreshDatabase(provider);
  fresh.push(database);
  return database;
}

async function sortedRecords(from: Db, projectId: string) {
  const records: string[] = [];
  for await (const record of readProjectRecords(from, projectId)) records.push(canonicalJson(record));
  return records.sort();
}

async function readLines(file: string): Promise<Array<{ type: string } & Partial<BackupRecord>>> {
  return gunzipSync(await readFile(file))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

/** Writes a backup file from edited lines, with a manifest that matches them (as a careful forger would). */
async function writeForged(file: string, lines: Awaited<ReturnType<typeof readLines>>) {
  const digest = new BackupDigest();
  const records = lines.filter((line) => line.type === "record");
  for (const { model, data } of records) digest.add({ model: model!, data: data! });
  const manifest = { type: "manifest", counts: digest.counts, contentHash: digest.contentHash() };
  await writeFile(file, gzipSync([lines[0], ...records, manifest].map((line) => JSON.stringify(line)).join("\n") + "\n"));
}

describe("project backup", () => {
  it("carries every model from one database to another and back with nothing lost", { timeout: 240_000 }, async () => {
    const projectId = seeded.project.id;
    const first = path.join(folder, "first.jsonl.gz");
    const manifest = await exportProjectBackup({ url, projectId, file: first });
    for (const model of backupModelNames) expect(manifest.counts[model], `${model} rows in the backup`).toBeGreaterThan(0);
    expect(manifest.counts.User).toBe(2);
    const original = await sortedRecords(db, projectId);

    const hops: Array<"sqlite" | "postgresql"> = [process.env.GOODHART_TEST_DATABASE_URL ? "postgresql" : "sqlite", "sqlite"];
    let file = first;
    for (const [index, provider] of hops.entries()) {
      const { db: target, url: targetUrl } = await freshDatabase(provider);
      expect(providerOfDb(target)).toBe(provider);
      const result = await importProjectBackup(target, { file });
      expect(result).toMatchObject({ status: "imported", project: { id: projectId, slug: seeded.project.slug } });
      expect(await sortedRecords(target, projectId)).toEqual(original);
      file = path.join(folder, `hop-${index}.jsonl.gz`);
      const again = await exportProjectBackup({ url: targetUrl, projectId, file });
      expect(again.counts).toEqual(manifest.counts);
      expect(again.contentHash).toBe(manifest.contentHash);
      // The restored users can be found as the app finds them, password hash included.
      const reviewer = await target.user.findUniqueOrThrow({ where: { email: seeded.users[1]!.email } });
      expect(reviewer.passwordHash).toBe((await db.user.findUniqueOrThrow({ where: { id: reviewer.id } })).passwordHash);
    }
  });

  it("does nothing the second time, and refuses a project that is here with other content", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "twice.jsonl.gz");
    await exportProjectBackup({ url, projectId: seeded.project.id, file });
    const { db: target } = await freshDatabase("sqlite");
    expect((await importProjectBackup(target, { file })).status).toBe("imported");
    expect((await importProjectBackup(target, { file })).status).toBe("already_imported");
    const before = await digestProject(target, seeded.project.id);

    await target.trace.updateMany({ where: { projectId: seeded.project.id, source: "production" }, data: { reward: 1 } });
    await expect(importProjectBackup(target, { file })).rejects.toThrow(/already has a project with the slug/);
    const after = await digestProject(target, seeded.project.id);
    expect(after.counts).toEqual(before.counts);
  });

  it("reads every record through the database driver exactly as through Prisma", { timeout: 120_000 }, async () => {
    const throughDriver = await sortedRecords(db, seeded.project.id);
    // Inside a transaction the rows are read through Prisma.
    const throughPrisma = await db.$transaction(
      async (tx) => {
        const records: string[] = [];
        for await (const record of readProjectRecords(tx, seeded.project.id)) records.push(canonicalJson(record));
        return records.sort();
      },
      { timeout: 60_000 },
    );
    expect(new Set(throughDriver.map((record) => (JSON.parse(record) as BackupRecord).model))).toEqual(new Set(backupModelNames));
    expect(throughDriver).toEqual(throughPrisma);
  });

  it("replaces what an import killed halfway left behind", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "interrupted.jsonl.gz");
    const manifest = await exportProjectBackup({ url, projectId: seeded.project.id, file });
    const { db: target } = await freshDatabase("sqlite");
    await importProjectBackup(target, { file });
    // What a killed import leaves: the project under its importing slug, some rows not yet written.
    await target.project.update({ where: { id: seeded.project.id }, data: { slug: `importing:${seeded.project.id}` } });
    await target.traceStep.deleteMany({ where: { trace: { projectId: seeded.project.id } } });
    await target.job.deleteMany({ where: { projectId: seeded.project.id } });

    expect((await importProjectBackup(target, { file })).status).toBe("imported");
    expect(await digestProject(target, seeded.project.id)).toEqual(manifest);
  });

  // What an export before migration 0058 (/1) or 0059 (/2) wrote: the old format's name and an id on each record of the models that had one then.
  it.each([
    { format: "goodhart.backup/1", withIds: ["ItemResult", "TraceStep"] },
    { format: "goodhart.backup/2", withIds: ["TraceStep"] },
  ])("imports a backup written in format $format (ids on $withIds), once, as the same project", { timeout: 120_000 }, async ({ format, withIds }) => {
    const file = path.join(folder, `${format.replace(/\W/g, "-")}.jsonl.gz`);
    await exportProjectBackup({ url, projectId: seeded.project.id, file });
    const original = await sortedRecords(db, seeded.project.id);
    const lines = await readLines(file);
    const older = lines.map((line, index) => {
      if (line.type === "header") return { ...line, format };
      return withIds.includes(line.model!) ? { ...line, data: { id: `old-${index}`, ...line.data } } : line;
    });
    for (const model of withIds) expect(older.some((line) => line.model === model)).toBe(true);
    await writeForged(file, older);

    const { db: target } = await freshDatabase(providerOfDb(db));
    expect((await importProjectBackup(target, { file })).status).toBe("imported");
    expect(await sortedRecords(target, seeded.project.id)).toEqual(original);
    expect((await importProjectBackup(target, { file })).status).toBe("already_imported");
  });

  it("refuses a file cut short, or edited after export, before writing anything", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "whole.jsonl.gz");
    await exportProjectBackup({ url, projectId: seeded.project.id, file });
    const { db: target } = await freshDatabase("sqlite");
    const lines = await readLines(file);

    const truncated = path.join(folder, "truncated.jsonl.gz");
    await writeFile(
      truncated,
      gzipSync(
        lines
          .slice(0, -3)
          .map((line) => JSON.stringify(line))
          .join("\n"),
      ),
    );
    await expect(importProjectBackup(target, { file: truncated })).rejects.toThrow(/ends without its manifest/);

    const edited = path.join(folder, "edited.jsonl.gz");
    const changed = lines.map((line) => (line.model === "Trace" ? { ...line, data: { ...line.data, reward: 0.99 } } : line));
    await writeFile(edited, gzipSync(changed.map((line) => JSON.stringify(line)).join("\n")));
    await expect(importProjectBackup(target, { file: edited })).rejects.toThrow(/do not match the manifest's content hash/);

    const cut = path.join(folder, "cut.jsonl.gz");
    const bytes = await readFile(file);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(importProjectBackup(target, { file: cut })).rejects.toThrow(/cannot be read as a gzipped backup|ends without its manifest/);

    expect(await target.project.count()).toBe(0);
    expect(await target.user.count()).toBe(0);
  });

  it("refuses a row that points at another project's trace, and removes what it had written", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "forged.jsonl.gz");
    const { db: target } = await freshDatabase(providerOfDb(db));
    const victim = await makeProject(target, "victim");
    const victimTrace = await target.trace.create({ data: { projectId: victim.id, externalId: "v1", contentHash: "v1", source: "production" } });
    await exportProjectBackup({ url, projectId: seeded.project.id, file });
    const lines = await readLines(file);
    const forged = lines.map((line) => (line.model === "TraceStep" ? { ...line, data: { ...line.data, traceId: victimTrace.id } } : line));
    await writeForged(file, forged);

    await expect(importProjectBackup(target, { file })).rejects.toThrow(/TraceStep records from line \d+ name a Trace \(traceId\) that is not in this backup/);
    expect(await target.traceStep.count({ where: { traceId: victimTrace.id } })).toBe(0);
    expect(await target.project.findUnique({ where: { id: seeded.project.id } })).toBeNull();
    expect(await target.user.count({ where: { id: { in: seeded.users.map((user) => user.id) } } })).toBe(0);
    expect(await target.project.count()).toBe(1);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, currentProvider, type Db } from "./client";
import { ensureDatabaseReady } from "./ensure-database-ready";
import { checkpointWal } from "./sqlite-wal-checkpoint";

// The web app and the worker as two clients of one fresh file: the web app's commits leave the WAL to
// the worker, which copies it into the file, after which the WAL is written from its start again.
const root = path.resolve(import.meta.dirname, "../..");

describe.skipIf(currentProvider() !== "sqlite")("the SQLite WAL, checkpointed by the worker", () => {
  let folder: string;
  let web: Db;
  let worker: Db;
  let projectId: string;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "goodhart-wal-"));
    const url = `file:${path.join(folder, "goodhart.db")}`;
    await ensureDatabaseReady({ root, url });
    web = createDb(url);
    worker = createDb(url);
    projectId = (await web.project.create({ data: { slug: "wal", name: "WAL" } })).id;
  });
  afterAll(async () => {
    await web.$disconnect();
    await worker.$disconnect();
    rmSync(folder, { recursive: true, force: true });
  });

  // About a page a trace: its output is most of a 4 KiB page.
  const commitTraces = (from: number, count: number) =>
    web.trace.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        projectId,
        externalId: `t${from + i}`,
        contentHash: `h${from + i}`,
        source: "test",
        output: `${from + i} `.padEnd(3_500, "x"),
      })),
    });

  it("leaves a request's commits to the worker, keeps every row, and starts the WAL again once it is copied", async () => {
    for (let commit = 0; commit < 6; commit++) await commitTraces(commit * 500, 500);
    // At SQLite's default (1,000 pages) the third commit would already have copied the first two and
    // started the WAL again; here all six commits' pages are still in it.
    const first = await checkpointWal(worker);
    expect(first!.walPages).toBeGreaterThan(2_500);
    expect(first!.copied).toBe(first!.walPages);

    await commitTraces(3_000, 500);
    const second = await checkpointWal(worker);
    // Written from the WAL's start: only the last commit's pages.
    expect(second!.walPages).toBeLessThan(1_000);
    expect(second!.copied).toBe(second!.walPages);
    expect(await worker.trace.count({ where: { projectId } })).toBe(3_500);
    expect(await web.trace.count({ where: { projectId } })).toBe(3_500);
  });

  it("does nothing on a connection with a transaction open, and leaves it to the next turn", async () => {
    await worker.$transaction(async (tx) => {
      await tx.project.update({ where: { id: projectId }, data: { name: "WAL, renamed" } });
      expect(await checkpointWal(worker)).toBeNull();
    });
    expect(await checkpointWal(worker)).toMatchObject({ walPages: expect.any(Number) });
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, currentProvider, findSqliteConnection, type Db } from "./client";
import { ensureDatabaseReady } from "./ensure-database-ready";
import { timeText } from "./insert-rows";
import { retryOnIdleSqlite } from "./retry-on-idle-sqlite";

const root = path.resolve(import.meta.dirname, "../..");

describe.skipIf(currentProvider() !== "sqlite")("a driver write on Prisma's SQLite connection", () => {
  let folder: string;
  let db: Db;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "goodhart-idle-"));
    const url = `file:${path.join(folder, "goodhart.db")}`;
    await ensureDatabaseReady({ root, url });
    db = createDb(url);
  });
  afterAll(async () => {
    await db.$disconnect();
    rmSync(folder, { recursive: true, force: true });
  });

  it("waits for a Prisma transaction open on the connection, and is kept when that transaction rolls back", async () => {
    const connection = (await findSqliteConnection(db))!;
    let opened!: () => void;
    let release!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const rolledBack = db
      .$transaction(async (tx) => {
        await tx.project.create({ data: { slug: "rolled-back", name: "Rolled back" } });
        opened();
        await released;
        throw new Error("the other request failed");
      })
      .catch((error: Error) => error.message);
    await isOpen;
    expect(connection.inTransaction).toBe(true);

    const write = retryOnIdleSqlite(connection, (sqlite) =>
      sqlite.prepare(`INSERT INTO "Project" ("id", "slug", "name", "createdAt") VALUES ('kept', 'kept', 'Kept', ?)`).run(timeText(new Date())),
    );
    release();
    expect(await rolledBack).toBe("the other request failed");
    expect((await write).changes).toBe(1);

    const slugs = (await db.project.findMany({ select: { slug: true } })).map(({ slug }) => slug);
    expect(slugs).toContain("kept");
    expect(slugs).not.toContain("rolled-back");
  });
});

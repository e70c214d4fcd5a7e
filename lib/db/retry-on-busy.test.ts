import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DatabaseBusyError, isBusyError, retryOnBusy } from "./retry-on-busy";

// Two connections to one SQLite file, as the web server and the worker have: one holds the write lock.
let dir: string;
let holder: Database.Database;
let writer: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "retry-on-busy-"));
  const file = path.join(dir, "busy.db");
  holder = new Database(file);
  holder.pragma("journal_mode = WAL");
  holder.exec("CREATE TABLE item (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE)");
  // No busy wait in SQLite itself: every refusal reaches retryOnBusy.
  writer = new Database(file, { timeout: 0 });
});
afterEach(() => {
  holder.close();
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (label: string) => writer.transaction(() => writer.prepare("INSERT INTO item (label) VALUES (?)").run(label)).immediate();
const count = () => (holder.prepare("SELECT count(*) AS n FROM item").get() as { n: number }).n;

describe("retryOnBusy", () => {
  it("waits out a write lock held by another connection and then stores the row once", async () => {
    holder.exec("BEGIN IMMEDIATE");
    const refusals: unknown[] = [];
    await retryOnBusy(() => {
      try {
        return insert("a");
      } catch (error) {
        refusals.push(error);
        // The other connection commits after this one has been refused twice.
        if (refusals.length === 2) holder.exec("COMMIT");
        throw error;
      }
    });
    expect(refusals).toHaveLength(2);
    expect(refusals.every(isBusyError)).toBe(true);
    expect((refusals[0] as { code: string }).code).toBe("SQLITE_BUSY");
    expect(count()).toBe(1);
  });

  it("gives up after its budget with a 503 error that says to retry, having stored nothing", async () => {
    holder.exec("BEGIN IMMEDIATE");
    let attempts = 0;
    const failure = await retryOnBusy(() => (attempts++, insert("b")), { budgetMs: 200, firstDelayMs: 10, maxDelayMs: 50 }).catch((error: unknown) => error);
    holder.exec("ROLLBACK");
    expect(failure).toBeInstanceOf(DatabaseBusyError);
    expect(failure).toMatchObject({ code: "unavailable", status: 503, retryAfterSeconds: 1 });
    expect(isBusyError((failure as Error).cause)).toBe(true);
    expect(attempts).toBeGreaterThan(2);
    expect(count()).toBe(0);
  });

  it("passes any other error through at once, without retrying", async () => {
    insert("c");
    let attempts = 0;
    const failure = await retryOnBusy(() => (attempts++, insert("c"))).catch((error: unknown) => error);
    expect((failure as { code: string }).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(isBusyError(failure)).toBe(false);
    expect(attempts).toBe(1);
  });

  it("recognises PostgreSQL's serialization and deadlock failures and Prisma's wrapping of a locked SQLite file", () => {
    expect(isBusyError(Object.assign(new Error("could not serialize access due to concurrent update"), { code: "40001" }))).toBe(true);
    expect(isBusyError(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe(true);
    const prismaError = Object.assign(new Error("Operation has timed out"), { code: "P1008", meta: { driverAdapterError: { cause: { originalCode: "SQLITE_BUSY", originalMessage: "database is locked" } } } });
    expect(isBusyError(prismaError)).toBe(true);
    expect(isBusyError(Object.assign(new Error("Unique constraint failed"), { code: "P2002" }))).toBe(false);
  });
});

import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, currentProvider } from "./client";
import { ensureDatabaseReady } from "./ensure-database-ready";
import { sqliteFilePath } from "./database-url";
import { dropTestDatabase } from "../testing/fresh-database";

// A first start on a new database: the SQLite file is new but its folder exists (a reset, a mounted
// volume), or the PostgreSQL database is empty. Migrating must not wait on a connection of its own.
const root = path.resolve(import.meta.dirname, "../..");
const provider = currentProvider();

async function newDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (provider === "sqlite") {
    const folder = mkdtempSync(path.join(tmpdir(), "goodhart-fresh-"));
    return { url: `file:${path.join(folder, "goodhart.db")}`, drop: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `goodhart_fresh_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await dropTestDatabase(admin, name);
      await admin.end();
    },
  };
}

describe(`ensureDatabaseReady on a new ${provider} database`, () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it("migrates it once, then finds nothing pending, and the app's client can use it", async () => {
    const { url, drop } = await newDatabaseUrl();
    drops.push(drop);
    expect(await ensureDatabaseReady({ root, url })).toBe(true);
    expect(await ensureDatabaseReady({ root, url })).toBe(false);
    const db = createDb(url);
    try {
      const project = await db.project.create({ data: { slug: "fresh", name: "Fresh" } });
      expect(await db.project.findUnique({ where: { id: project.id } })).toMatchObject({ slug: "fresh" });
    } finally {
      await db.$disconnect();
    }
  }, 120_000);

  it("returns when the migration is done, well inside the schema engine's 10 s lock timeout", async () => {
    const { url, drop } = await newDatabaseUrl();
    drops.push(drop);
    // Before lib/db/prisma-cli-exits-when-done.cjs, every PostgreSQL migration took at least 10 s: the
    // CLI waited out a timeout the engine left armed. Migrating a new database takes about 2 s of CPU.
    const started = performance.now();
    expect(await ensureDatabaseReady({ root, url })).toBe(true);
    expect(performance.now() - started).toBeLessThan(8_000);
  }, 120_000);

  it.runIf(provider === "sqlite")("creates the SQLite file and its -wal and -shm private (0600), and makes an older world-readable file private", async () => {
    const { url, drop } = await newDatabaseUrl();
    drops.push(drop);
    const file = sqliteFilePath(url);
    const modeOf = (name: string) => statSync(name).mode & 0o777;
    await ensureDatabaseReady({ root, url });
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    const db = createDb(url);
    try {
      await db.project.create({ data: { slug: "private", name: "Private" } });
      // While a connection is open in WAL mode, SQLite keeps both companions, made with the file's mode.
      for (const companion of [`${file}-wal`, `${file}-shm`]) {
        expect(existsSync(companion), companion).toBe(true);
        expect(modeOf(companion), companion).toBe(0o600);
      }
    } finally {
      await db.$disconnect();
    }
    chmodSync(file, 0o644);
    expect(await ensureDatabaseReady({ root, url })).toBe(false);
    expect(modeOf(file)).toBe(0o600);
  }, 120_000);
});

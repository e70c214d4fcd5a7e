import { rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "../db/client";
import type { DatabaseProvider } from "../db/database-url";
import { migrateDatabase } from "../db/migrate-database";
import { uniqueName } from "./factories";

const root = path.resolve(import.meta.dirname, "../..");

export type FreshDatabase = { url: string; db: Db; drop: () => Promise<void> };

/**
 * A new, migrated, empty database of its own for a test: a SQLite file under data/test, or a new
 * database on the server GOODHART_TEST_DATABASE_URL names. drop() closes and deletes it.
 */
export async function createFreshDatabase(provider: DatabaseProvider): Promise<FreshDatabase> {
  const name = uniqueName("fresh").replace("-", "_");
  if (provider === "sqlite") {
    const file = path.join(root, "data/test", `${name}.db`);
    const url = `file:${file}`;
    await migrateDatabase({ root, url });
    const db = createDb(url);
    const drop = async () => {
      await db.$disconnect();
      await Promise.all(["", "-wal", "-shm"].map((suffix) => rm(`${file}${suffix}`, { force: true })));
    };
    return { url, db, drop };
  }
  const serverUrl = process.env.GOODHART_TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("A fresh PostgreSQL database needs GOODHART_TEST_DATABASE_URL");
  const url = new URL(serverUrl);
  url.pathname = `/${url.pathname.slice(1)}_${name}`;
  const database = url.pathname.slice(1);
  await onServer(serverUrl, `CREATE DATABASE "${database}"`);
  await migrateDatabase({ root, url: url.toString() });
  const db = createDb(url.toString());
  const drop = async () => {
    await db.$disconnect();
    await onServer(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  };
  return { url: url.toString(), db, drop };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

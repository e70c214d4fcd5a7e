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
    await onServer(serverUrl, (client) => dropTestDatabase(client, database));
  };
  return { url: url.toString(), db, drop };
}

/**
 * Drops a test database on PostgreSQL. Not `WITH (FORCE)`: PostgreSQL 15 refuses it while an
 * autovacuum worker is in the database ("must be a member of the role whose process is being
 * terminated": the worker has no role to be a member of), as one often is just after a migration.
 * So this role's own sessions there are ended, and a plain DROP stops any autovacuum worker and
 * waits (up to 5 s) for the ended sessions to go.
 */
export async function dropTestDatabase(client: pg.Client, database: string): Promise<void> {
  await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND usename = current_user`, [database]);
  await client.query(`DROP DATABASE IF EXISTS "${database}"`);
}

async function onServer(serverUrl: string, run: string | ((client: pg.Client) => Promise<void>)) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (typeof run === "string") await client.query(run);
    else await run(client);
  } finally {
    await client.end();
  }
}

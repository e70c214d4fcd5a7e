import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { providerOf, readDatabaseUrl, sqliteFilePath } from "./database-url";
import { makeSqliteFilesPrivate } from "./private-files";
import { migrateDatabase } from "./migrate-database";

/**
 * Applies migrations only when some are pending, so that short CLI commands stay fast. The probe
 * opens its own short-lived connection and closes it before `prisma migrate deploy` runs: a
 * connection of this process held open (as a Prisma client's would be) makes the migration wait
 * on the file lock until it times out.
 */
export async function ensureDatabaseReady({ root = process.cwd(), url = readDatabaseUrl() }: { root?: string; url?: string } = {}) {
  const folder = path.join(root, "prisma", providerOf(url), "migrations");
  const expected = readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  // A database file an earlier version created world-readable is made private on the next start.
  if (providerOf(url) === "sqlite" && existsSync(path.resolve(root, sqliteFilePath(url)))) makeSqliteFilesPrivate(path.resolve(root, sqliteFilePath(url)));
  const applied = await readAppliedMigrations(root, url);
  if (expected.every((name) => applied.has(name))) return false;
  await migrateDatabase({ root, url });
  return true;
}

const appliedQuery = `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL`;

async function readAppliedMigrations(root: string, url: string): Promise<Set<string>> {
  if (providerOf(url) === "sqlite") {
    const file = path.resolve(root, sqliteFilePath(url));
    if (!existsSync(file)) return new Set();
    const connection = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const rows = connection.prepare(appliedQuery).all() as Array<{ migration_name: string }>;
      return new Set(rows.map((row) => row.migration_name));
    } catch {
      return new Set(); // no migrations table yet: a new (or empty) database file
    } finally {
      connection.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to the PostgreSQL database in DATABASE_URL: ${(error as Error).message}. Check that the server runs and that the URL's user, password and database are right.`);
  }
  try {
    const { rows } = await client.query<{ migration_name: string }>(appliedQuery);
    return new Set(rows.map((row) => row.migration_name));
  } catch {
    return new Set(); // no migrations table yet: a new database
  } finally {
    await client.end();
  }
}

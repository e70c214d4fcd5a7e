import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { providerOf, readDatabaseUrl } from "../db/database-url";
import { migrateDatabase } from "../db/migrate-database";

/**
 * A migrated database of the test's own, of the kind DATABASE_URL names (a new SQLite file, or a
 * new PostgreSQL database beside it), for tests whose worker processes would otherwise take other
 * tests' jobs. `drop` removes it, connections and all.
 */
export async function makeOwnDatabase({ root, prefix }: { root: string; prefix: string }): Promise<{ url: string; drop: () => Promise<void> }> {
  const shared = readDatabaseUrl();
  if (providerOf(shared) === "sqlite") {
    const folder = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    const url = `file:${path.join(folder, "goodhart.db")}`;
    const drop = async () => rmSync(folder, { recursive: true, force: true });
    await migrateDatabase({ root, url }).catch(async (error) => {
      await drop();
      throw error;
    });
    return { url, drop };
  }
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now()}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  await migrateDatabase({ root, url: url.toString() }).catch(async (error) => {
    await drop();
    throw error;
  });
  return { url: url.toString(), drop };
}

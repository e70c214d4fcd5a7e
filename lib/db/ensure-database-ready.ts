import { readdirSync } from "node:fs";
import path from "node:path";
import type { Db } from "./client";
import { providerOf, readDatabaseUrl } from "./database-url";
import { migrateDatabase } from "./migrate-database";

/** Applies migrations only when some are pending, so that short CLI commands stay fast. */
export async function ensureDatabaseReady(db: Db, { root = process.cwd(), url = readDatabaseUrl() }: { root?: string; url?: string } = {}) {
  const folder = path.join(root, "prisma", providerOf(url), "migrations");
  const expected = readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const applied = await db
    .$queryRawUnsafe<Array<{ migration_name: string }>>(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL`)
    .then((rows) => new Set(rows.map((row) => row.migration_name)))
    .catch(() => new Set<string>()); // no table yet: a new database
  if (expected.every((name) => applied.has(name))) return false;
  await migrateDatabase({ root, url });
  return true;
}

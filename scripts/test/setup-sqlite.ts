import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { repoRoot, sqliteTestFile, sqliteTestUrl } from "./test-databases";

export default async function setup() {
  mkdirSync(path.dirname(sqliteTestFile), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(sqliteTestFile + suffix, { force: true });
  await migrateDatabase({ root: repoRoot, url: sqliteTestUrl });
}

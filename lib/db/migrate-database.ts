import { execFile } from "node:child_process";
import Database from "better-sqlite3";
import path from "node:path";
import { promisify } from "node:util";
import { makePrivateDir, makeSqliteFilesPrivate } from "./private-files";
import { providerOf, readDatabaseUrl, sqliteFilePath } from "./database-url";

const run = promisify(execFile);

/** Applies pending migrations for the database DATABASE_URL names (prisma migrate deploy). */
export async function migrateDatabase({ root = process.cwd(), url = readDatabaseUrl() }: { root?: string; url?: string } = {}) {
  const sqliteFile = providerOf(url) === "sqlite" ? path.resolve(root, sqliteFilePath(url)) : null;
  // Created private before Prisma opens it: the -wal and -shm files SQLite makes take the file's mode.
  if (sqliteFile) {
    makePrivateDir(path.dirname(sqliteFile));
    makeSqliteFilesPrivate(sqliteFile);
  }
  const prismaCli = path.join(root, "node_modules/prisma/build/index.js");
  const exitsWhenDone = path.join(root, "lib/db/prisma-cli-exits-when-done.cjs");
  const { stdout } = await run(process.execPath, ["--require", exitsWhenDone, prismaCli, "migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  }).catch((error: Error & { stderr?: string; stdout?: string }) => {
    const where = providerOf(url) === "sqlite" ? `the SQLite file ${sqliteFilePath(url)}` : "the PostgreSQL database in DATABASE_URL";
    throw new Error(
      `Database migration failed for ${where}:\n${error.stderr || error.stdout || error.message}\n` +
        `What to do: stop any other Goodhart process using ${where} and start again; if it still fails, ` +
        `check that the folder is writable (SQLite) or that the user may create tables (PostgreSQL), ` +
        `or restore the database from a backup: a half-applied migration is listed in its _prisma_migrations table.`,
    );
  });
  // WAL lets the web server read while the worker writes; the mode is stored in the file itself.
  if (sqliteFile) {
    const file = new Database(sqliteFile);
    file.pragma("journal_mode = WAL");
    file.close();
  }
  return stdout;
}

import { existsSync } from "node:fs";
import path from "node:path";
import { sqliteFilePath } from "../db/database-url";

type DataPathName = "GOODHART_DATA_DIR" | "DATABASE_URL";
const dataPathNames: DataPathName[] = ["GOODHART_DATA_DIR", "DATABASE_URL"];

/**
 * Reads `.env` in the checkout into process.env: for npm start (and the worker and reward server it
 * starts with its environment), `npm run worker` and the CLI. The web server's Next.js reads the same
 * file, so a key put there reaches every process, the worker that runs the judges included. A
 * variable already set in the environment wins. A relative data folder or SQLite file the file names
 * (`GOODHART_DATA_DIR=./data`, as .env.example has it) is the checkout's, so it is made absolute: the
 * `goodhart` bin, run from another directory, then opens the database npm start uses. Returns the file
 * read, or null when there is none.
 */
export function loadEnvFile(root: string): string | null {
  const file = path.join(root, ".env");
  if (!existsSync(file)) return null;
  const preset = new Set(Object.keys(process.env));
  process.loadEnvFile(file);
  resolveDataPaths(
    root,
    dataPathNames.filter((name) => !preset.has(name)),
  );
  return file;
}

/** GOODHART_DATA_DIR and a `file:` DATABASE_URL made absolute against `base` where they are relative. */
export function resolveDataPaths(base: string, names: DataPathName[] = dataPathNames): void {
  const dataDir = process.env.GOODHART_DATA_DIR?.trim();
  if (names.includes("GOODHART_DATA_DIR") && dataDir) process.env.GOODHART_DATA_DIR = path.resolve(base, dataDir);
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (names.includes("DATABASE_URL") && databaseUrl?.startsWith("file:")) {
    const file = sqliteFilePath(databaseUrl);
    process.env.DATABASE_URL = `file:${path.resolve(base, file)}${databaseUrl.slice("file:".length + file.length)}`;
  }
}

import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** One SQLite file for the integration suite, recreated at the start of each run. */
export const sqliteTestFile = path.resolve(root, process.env.GOODHART_TEST_SQLITE_FILE ?? "data/test/integration.db");
export const sqliteTestUrl = `file:${sqliteTestFile}`;
export const repoRoot = root;

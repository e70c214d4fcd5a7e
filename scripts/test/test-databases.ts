import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** One SQLite file for the integration suite, recreated at the start of each run. */
export const sqliteTestFile = path.join(root, "data", "test", "integration.db");
export const sqliteTestUrl = `file:${sqliteTestFile}`;
export const repoRoot = root;

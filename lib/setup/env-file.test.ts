import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readDatabaseUrl } from "../db/database-url";
import { readEnv } from "../env";
import { loadEnvFile, resolveDataPaths } from "./env-file";

const names = ["GOODHART_ENV_FILE_TEST_KEY", "GOODHART_ENV_FILE_TEST_SET"];
const dirs: string[] = [];
const kept = { GOODHART_DATA_DIR: process.env.GOODHART_DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
afterEach(() => {
  for (const name of names) delete process.env[name];
  for (const [name, value] of Object.entries(kept)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadEnvFile", () => {
  it("reads .env into the environment, and a variable already set keeps its value", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-env-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, ".env"), "GOODHART_ENV_FILE_TEST_KEY=from-file\nGOODHART_ENV_FILE_TEST_SET=from-file\n");
    process.env.GOODHART_ENV_FILE_TEST_SET = "from-environment";
    expect(loadEnvFile(dir)).toBe(path.join(dir, ".env"));
    expect(process.env.GOODHART_ENV_FILE_TEST_KEY).toBe("from-file");
    expect(process.env.GOODHART_ENV_FILE_TEST_SET).toBe("from-environment");
  });

  it("makes the file's relative data folder and SQLite file the checkout's, so the CLI run from elsewhere opens npm start's database", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-env-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, ".env"), "GOODHART_DATA_DIR=./walkdata\nDATABASE_URL=file:./walkdata/other.db?connection_limit=1\n");
    delete process.env.GOODHART_DATA_DIR;
    delete process.env.DATABASE_URL;
    loadEnvFile(dir);
    expect(process.env.GOODHART_DATA_DIR).toBe(path.join(dir, "walkdata"));
    expect(process.env.DATABASE_URL).toBe(`file:${path.join(dir, "walkdata", "other.db")}?connection_limit=1`);
  });

  it("leaves a relative path set in the environment as it is (the shell's directory is its base)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-env-"));
    dirs.push(dir);
    writeFileSync(path.join(dir, ".env"), "GOODHART_DATA_DIR=./walkdata\nDATABASE_URL=postgresql://db/goodhart\n");
    process.env.GOODHART_DATA_DIR = "./mine";
    delete process.env.DATABASE_URL;
    loadEnvFile(dir);
    expect(process.env.GOODHART_DATA_DIR).toBe("./mine");
    expect(process.env.DATABASE_URL).toBe("postgresql://db/goodhart");
    // The CLI then makes it absolute against its own directory, as the database client would read it.
    resolveDataPaths(dir);
    expect(process.env.GOODHART_DATA_DIR).toBe(path.join(dir, "mine"));
    expect(process.env.DATABASE_URL).toBe("postgresql://db/goodhart");
  });

  it("does nothing without a .env", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "goodhart-env-"));
    dirs.push(dir);
    expect(loadEnvFile(dir)).toBeNull();
  });
});

describe("the default database", () => {
  it("is goodhart.db in the data folder, which GOODHART_DATA_DIR moves; DATABASE_URL wins", () => {
    expect(readDatabaseUrl({})).toBe("file:./data/goodhart.db");
    expect(readDatabaseUrl({ GOODHART_DATA_DIR: "/srv/goodhart/" })).toBe("file:/srv/goodhart/goodhart.db");
    expect(readDatabaseUrl({ GOODHART_DATA_DIR: "./data/walk" })).toBe("file:./data/walk/goodhart.db");
    expect(readDatabaseUrl({ GOODHART_DATA_DIR: "/srv/goodhart", DATABASE_URL: "postgresql://db/goodhart" })).toBe("postgresql://db/goodhart");
    expect(readEnv({ GOODHART_DATA_DIR: "/srv/goodhart" } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv).DATABASE_URL).toBe("file:/srv/goodhart/goodhart.db");
    expect(readEnv({} as NodeJS.ProcessEnv).DATABASE_URL).toBe("file:./data/goodhart.db");
  });
});

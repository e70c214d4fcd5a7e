import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readDatabaseUrl } from "../db/database-url";
import { readEnv } from "../env";
import { loadEnvFile } from "./env-file";

const names = ["GOODHART_ENV_FILE_TEST_KEY", "GOODHART_ENV_FILE_TEST_SET"];
const dirs: string[] = [];
afterEach(() => {
  for (const name of names) delete process.env[name];
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

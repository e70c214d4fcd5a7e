import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "./generated/postgresql/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { providerOf, readDatabaseUrl, type DatabaseProvider } from "./database-url";

/**
 * Both clients are generated from one schema, so their APIs are the same; the SQLite client's
 * type stands for both.
 */
export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function createDb(url: string = readDatabaseUrl()): Db {
  if (providerOf(url) === "sqlite") {
    // better-sqlite3's timeout is SQLite's busy_timeout: the web server and the worker share the file.
    return new SqliteClient({ adapter: new PrismaBetterSQLite3({ url, timeout: 10_000 }) });
  }
  return new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db;
}

const globalForDb = globalThis as unknown as { goodhartDb?: { url: string; db: Db } };

/** The process-wide client (kept on globalThis so Next's dev reloads do not open new pools). */
export function getDb(): Db {
  const url = readDatabaseUrl();
  if (globalForDb.goodhartDb?.url !== url) globalForDb.goodhartDb = { url, db: createDb(url) };
  return globalForDb.goodhartDb.db;
}

export function currentProvider(): DatabaseProvider {
  return providerOf(readDatabaseUrl());
}

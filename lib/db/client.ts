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

const providers = new WeakMap<object, DatabaseProvider>();

/**
 * SQLite connections run in WAL mode (migrateDatabase sets it; it is stored in the file) with
 * synchronous=NORMAL, which in WAL mode never corrupts the file and only risks the last commits
 * on power loss, and spares an fsync per transaction.
 */
class SqliteAdapterFactory extends PrismaBetterSQLite3 {
  override async connect() {
    const adapter = await super.connect();
    await adapter.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    return adapter;
  }
}

export function createDb(url: string = readDatabaseUrl()): Db {
  const provider = providerOf(url);
  // better-sqlite3's timeout is SQLite's busy_timeout: the web server and the worker share the file.
  const db = provider === "sqlite" ? new SqliteClient({ adapter: new SqliteAdapterFactory({ url, timeout: 10_000 }) }) : (new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db);
  providers.set(db, provider);
  return db;
}

/** Which database a client talks to, for the few queries written in SQL. */
export function providerOfDb(db: Db): DatabaseProvider {
  return providers.get(db) ?? currentProvider();
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

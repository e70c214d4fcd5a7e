import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { Database as SqliteConnection } from "better-sqlite3";
import pg from "pg";
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
 * WAL pages a SQLite connection lets pile up before its own commit copies them into the database
 * file (SQLite's default is 1,000, about 4 MB). A reward batch of 1,024 rollouts writes about 1,350,
 * so at the default every batch's request paid for a checkpoint and its fsync. The worker copies the
 * pages every second instead (lib/db/sqlite-wal-checkpoint.ts); this is the bound when no worker runs.
 */
export const WAL_PAGES_BEFORE_CHECKPOINT = 10_000;

/**
 * SQLite connections run in WAL mode (migrateDatabase sets it; it is stored in the file) with
 * synchronous=NORMAL, which in WAL mode never corrupts the file and only risks the last commits
 * on power loss, and spares an fsync per transaction. A commit copies the WAL into the file only
 * past WAL_PAGES_BEFORE_CHECKPOINT; the worker does it sooner, off any request's path.
 */
class SqliteAdapterFactory extends PrismaBetterSQLite3 {
  /** The adapter's own better-sqlite3 connection, once Prisma has connected. */
  connection: SqliteConnection | null = null;

  override async connect() {
    const adapter = await super.connect();
    await adapter.executeScript(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = ${WAL_PAGES_BEFORE_CHECKPOINT};`);
    const client = (adapter as unknown as { client?: SqliteConnection }).client;
    this.connection = client && typeof client.prepare === "function" ? client : null;
    if (this.connection) beginImmediately(this.connection);
    return adapter;
  }
}

/**
 * Prisma's adapter opens its transactions with a plain (deferred) BEGIN, which takes the write lock
 * only at the first write: if another process wrote in between, SQLite answers SQLITE_BUSY at once,
 * without waiting in the busy handler (waiting could deadlock). BEGIN IMMEDIATE takes the write
 * lock up front, where the busy timeout applies. The adapter prepares "BEGIN" through this method
 * and nothing else does (better-sqlite3's own transaction() prepares natively).
 */
function beginImmediately(connection: SqliteConnection) {
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((source: string) => prepare(source === "BEGIN" ? "BEGIN IMMEDIATE" : source)) as typeof connection.prepare;
}

const sqliteFactories = new WeakMap<object, SqliteAdapterFactory>();
const pgPools = new WeakMap<object, pg.Pool>();
const sqliteBusyTimeoutMs = 5_000;

export function createDb(url: string = readDatabaseUrl()): Db {
  const provider = providerOf(url);
  // better-sqlite3's timeout is SQLite's busy_timeout: the web server and the worker share the file.
  // The wait blocks the event loop, so it is kept short; retryOnBusy waits longer without blocking.
  if (provider === "sqlite") {
    const factory = new SqliteAdapterFactory({ url, timeout: sqliteBusyTimeoutMs });
    const db = new SqliteClient({ adapter: factory });
    providers.set(db, provider);
    sqliteFactories.set(db, factory);
    return db;
  }
  // The pool is made here (as the adapter would) so that findPgPool can hand it out; $disconnect ends it.
  const pool = new pg.Pool({ connectionString: url });
  const db = new PostgresClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }) as unknown as Db;
  providers.set(db, provider);
  pgPools.set(db, pool);
  return db;
}

/**
 * The better-sqlite3 connection under a SQLite client, for bulk writes that Prisma's per-query
 * work would slow tenfold (lib/traces/store-traces.ts). Null on PostgreSQL, or when the adapter
 * does not expose it. It is the same connection Prisma uses: a writer takes it through
 * findIdleSqliteConnection, and retries through retryOnIdleSqlite.
 */
export async function findSqliteConnection(db: Db): Promise<SqliteConnection | null> {
  const factory = sqliteFactories.get(db);
  if (!factory) return null;
  if (!factory.connection) await db.$connect();
  return factory.connection;
}

/**
 * The SQLite connection when the driver may write on it: null on PostgreSQL, and while Prisma's
 * adapter has a transaction open on it (a write would land inside that transaction; such callers
 * take the Prisma path). Only true until the next await: a writer that awaits between statements asks
 * again through `idleSqlite`.
 */
export async function findIdleSqliteConnection(db: Db): Promise<SqliteConnection | null> {
  return idleSqlite(await findSqliteConnection(db));
}

/** `connection` if no transaction is open on it now, else null. */
export const idleSqlite = (connection: SqliteConnection | null): SqliteConnection | null => (connection && !connection.inTransaction ? connection : null);

/**
 * The node-postgres pool under a PostgreSQL client, for bytes Prisma would copy into a JS array of
 * numbers (about 0.2 s of blocked event loop per MiB; lib/ingest/upload-chunks.ts). Null on SQLite,
 * or once $disconnect has ended it.
 */
export function findPgPool(db: Db): pg.Pool | null {
  const pool = pgPools.get(db);
  return pool && !pool.ending ? pool : null;
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

import { findSqliteConnection, providerOfDb, type Db, type Tx } from "../db/client";
import type { PrismaClient as PostgresClient } from "../db/generated/postgresql/client";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Runs a long read inside one read transaction, so it sees the database as it was at one instant
 * while others keep writing: a trace added halfway through an export cannot appear without its
 * steps, or its steps without it. The client must be the caller's own: on SQLite the transaction is
 * opened on the client's one connection (a deferred BEGIN, so writers in other processes are not
 * blocked, which Prisma's BEGIN IMMEDIATE would do); on PostgreSQL it is a REPEATABLE READ transaction.
 */
export async function inReadSnapshot<T>(db: Db, read: (reader: Db | Tx) => Promise<T>): Promise<T> {
  if (providerOfDb(db) === "postgresql") {
    // Db is typed as the SQLite client, whose only isolation level is Serializable.
    const postgres = db as unknown as PostgresClient;
    return postgres.$transaction((tx) => read(tx as unknown as Tx), { isolationLevel: "RepeatableRead", timeout: dayMs, maxWait: 30_000 });
  }
  const connection = await findSqliteConnection(db);
  if (!connection) throw new Error("The SQLite adapter does not expose its connection; a consistent export cannot be read");
  connection.exec("BEGIN DEFERRED");
  try {
    return await read(db);
  } finally {
    if (connection.inTransaction) connection.exec("COMMIT");
  }
}

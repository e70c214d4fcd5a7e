import type { Database as SqliteConnection } from "better-sqlite3";
import { retryOnBusy } from "./retry-on-busy";

/**
 * retryOnBusy for a write through the driver on Prisma's own SQLite connection (findIdleSqliteConnection).
 * A try after a wait may find a Prisma transaction opened on the connection meanwhile; a write then
 * would land inside that transaction and go with its rollback, so the try waits, as for a busy
 * database, until that transaction has ended.
 */
export function retryOnIdleSqlite<T>(connection: SqliteConnection, write: (connection: SqliteConnection) => T): Promise<T> {
  return retryOnBusy(() => {
    if (connection.inTransaction) throw new ConnectionInTransactionError();
    return write(connection);
  });
}

class ConnectionInTransactionError extends Error {
  readonly code = "SQLITE_BUSY";
  constructor() {
    super("SQLITE_BUSY: a Prisma transaction is open on the connection");
    this.name = "ConnectionInTransactionError";
  }
}

import { findIdleSqliteConnection, providerOfDb, type Db } from "./client";

export type WalCheckpoint = { walPages: number; copied: number };

/**
 * Copies the WAL's committed pages into the database file without waiting on readers or writers
 * (a PASSIVE checkpoint); once all are copied, the next commit writes the WAL from its start again.
 * Null on PostgreSQL, or while Prisma has a transaction open on this connection.
 */
export async function checkpointWal(db: Db): Promise<WalCheckpoint | null> {
  const connection = await findIdleSqliteConnection(db);
  if (!connection) return null;
  // Prisma's adapter reads integers as BigInt on this connection.
  const [row] = connection.pragma("wal_checkpoint(PASSIVE)") as Array<{ busy: number | bigint; log: number | bigint; checkpointed: number | bigint }>;
  return row ? { walPages: Number(row.log), copied: Number(row.checkpointed) } : null;
}

/** checkpointWal every intervalMs on a SQLite database (nothing on PostgreSQL); returns its stop. */
export function startWalCheckpoints(
  db: Db,
  { intervalMs = 1_000, log = console.error }: { intervalMs?: number; log?: (line: string) => void } = {},
): () => void {
  if (providerOfDb(db) !== "sqlite") return () => {};
  const timer = setInterval(() => {
    checkpointWal(db).catch((error: unknown) => log(`[wal] checkpoint failed: ${error instanceof Error ? error.message : String(error)}`));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

import { findPgPool, findSqliteConnection, type Db } from "../db/client";
import { besideModule, startWorkerThread } from "../threads/start-worker-thread";
import type { DigestState } from "./backup-record";
import type { FromReadBack, ToReadBack } from "./read-back-messages";

export type ReadBack = {
  /** Rows of `model` with these ids were written and committed: read them back. */
  written(model: string, ids: string[]): void;
  /** The digest of every row read back, once all are. */
  finish(): Promise<DigestState>;
  stop(): Promise<void>;
};

/** The database `db` talks to, for a client of the thread's own; null when its driver is not reachable. */
async function urlOf(db: Db): Promise<string | null> {
  const connection = await findSqliteConnection(db);
  if (connection) return connection.memory ? null : `file:${connection.name}`;
  const pool = findPgPool(db);
  return pool ? ((pool.options as { connectionString?: string }).connectionString ?? null) : null;
}

/**
 * A worker thread that reads back each batch of a backup import as soon as it is committed and sums
 * the digest of what it read: the read-back then overlaps the writing of the batches after it (the
 * machine's other core) instead of following it. Null when the database is not reachable from a
 * thread (the caller reads back at the end, as before).
 */
export async function startReadBack(db: Db): Promise<ReadBack | null> {
  const url = await urlOf(db);
  if (!url) return null;
  const worker = startWorkerThread(besideModule(import.meta.url, "read-back-thread.ts", "lib/backup"), { url });
  let failure: Error | null = null;
  let answer: ((state: DigestState) => void) | null = null;
  let refuse: ((error: Error) => void) | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    refuse?.(failure);
  };
  worker.on("message", (message: FromReadBack) => {
    if (message.type === "failed") fail(new Error(`reading the imported rows back failed: ${message.message}`));
    else answer?.({ counts: message.counts, limbs: message.limbs });
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the backup import's read-back thread stopped (exit code ${code})`)));
  const post = (message: ToReadBack) => worker.postMessage(message);
  const stop = async () => {
    worker.removeAllListeners("exit");
    await worker.terminate();
  };
  return {
    written: (model, ids) => post({ type: "rows", model, ids }),
    finish: async () => {
      try {
        if (failure) throw failure;
        const state = await new Promise<DigestState>((resolve, reject) => {
          answer = resolve;
          refuse = reject;
          post({ type: "finish" });
        });
        return state;
      } finally {
        await stop();
      }
    },
    stop,
  };
}

import { AppError } from "../errors/app-error";

// SQLite: another connection holds the write lock. PostgreSQL: serialization failure, deadlock,
// lock not available. Prisma: P1008 (the SQLite adapter maps SQLITE_BUSY to a timeout), P2034
// (write conflict or deadlock).
const busyCodes = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_RECOVERY", "SQLITE_LOCKED", "40001", "40P01", "55P03", "P1008", "P2034"]);
const busyMessage = /database is locked|database table is locked|SQLITE_BUSY|could not serialize access|deadlock detected/i;

/** Whether an error (or any error in its cause chain) says the database was busy, not that the write was wrong. */
export function isBusyError(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    if (current instanceof DatabaseBusyError) return true;
    const { code, message, meta, cause } = current as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
    if (typeof code === "string" && busyCodes.has(code)) return true;
    if (typeof message === "string" && busyMessage.test(message)) return true;
    const adapterCause = (meta?.driverAdapterError as { cause?: { originalCode?: unknown; originalMessage?: unknown } } | undefined)?.cause;
    if (adapterCause && (busyCodes.has(String(adapterCause.originalCode)) || busyMessage.test(String(adapterCause.originalMessage ?? "")))) return true;
    current = cause ?? (current as { originalError?: unknown }).originalError;
  }
  return false;
}

/** A write that found the database busy for longer than the retry budget; nothing of that write was stored. Answered 503. */
export class DatabaseBusyError extends AppError {
  constructor(options: { cause: unknown; retryAfterSeconds: number }) {
    super("unavailable", "The database is busy; send this again in a moment (what it already stored then counts as duplicates).", [], {
      retryAfterSeconds: options.retryAfterSeconds,
    });
    this.name = "DatabaseBusyError";
    this.cause = options.cause;
  }
}

export type RetryOnBusyOptions = {
  /** How long to keep retrying before giving up with DatabaseBusyError. */
  budgetMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Runs an atomic write (one transaction, or one statement) and runs it again while the database
 * is busy, with jittered exponential backoff, until the budget is spent; then throws
 * DatabaseBusyError. Any other error is thrown as it is. `write` must leave nothing behind when it
 * fails, so that running it again is safe.
 */
export async function retryOnBusy<T>(write: () => Promise<T> | T, { budgetMs = 10_000, firstDelayMs = 20, maxDelayMs = 1_000 }: RetryOnBusyOptions = {}): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isBusyError(error)) throw error;
      if (error instanceof DatabaseBusyError) throw error;
      const delay = Math.min(maxDelayMs, firstDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      if (Date.now() + delay > deadline) throw new DatabaseBusyError({ cause: error, retryAfterSeconds: Math.max(1, Math.ceil(maxDelayMs / 1000)) });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

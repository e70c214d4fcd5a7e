/** What orders a trace the same way on every database: when it was stored, its training step, its external id. */
export type TraceOrderKey = { id: string; createdAt: Date; step: number | null; externalId: string };

const externalIds = new Intl.Collator("en", { numeric: true });

/**
 * Newest first, and among traces stored in the same instant (a run writes a batch of rollouts at
 * once) by step, then by external id with its numbers read as numbers (`lab:run:12:3` before
 * `lab:run:12:10`). The database's own order of such ties is undefined and differs between SQLite
 * and PostgreSQL, and the search reads its sets in order (which honest traces fit the bound, which
 * rule a tie keeps), so an induced check would differ with the database. Compared in JavaScript,
 * never by the database's collation, which orders punctuation differently per locale.
 */
export function byNewestStably(a: TraceOrderKey, b: TraceOrderKey): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (b.step ?? -1) - (a.step ?? -1) || externalIds.compare(b.externalId, a.externalId);
}

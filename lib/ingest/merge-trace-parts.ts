import { providerOfDb, type Db } from "../db/client";
import { replaceTrace } from "../traces/replace-trace";
import type { Trace } from "../traces/trace-schema";
import { finalizeTrace } from "./finalize-trace";
import type { TraceParts } from "./formats/format-reader";

export type MergeResult = { merged: true } | { merged: false; error?: string };

/**
 * Adds a new part of a trace already stored (its externalId is taken) to that trace: the items the
 * stored trace was built from and the new part's are joined by key, and the trace is mapped again
 * and replaced in one transaction (it keeps its row id, run and everything attached to it). Items
 * already kept change nothing: sending a part twice is a duplicate.
 */
export async function mergeTraceParts(db: Db, { projectId, externalId, trace, parts }: { projectId: string; externalId: string; trace: Trace; parts: TraceParts }): Promise<MergeResult> {
  const provider = providerOfDb(db);
  return db.$transaction(
    async (tx): Promise<MergeResult> => {
      // Two parts of one trace at once would each rebuild it without the other's items.
      if (provider === "postgresql") await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`parts:${projectId}:${externalId}`}, 0))`;
      const stored = await tx.trace.findUnique({ where: { projectId_externalId: { projectId, externalId } }, select: { metadata: true } });
      if (!stored) return { merged: false };
      const kept = parts.itemsOf(stored.metadata);
      const known = new Set(kept.map(parts.keyOf));
      const fresh = parts.itemsOf(trace.metadata).filter((item) => {
        const key = parts.keyOf(item);
        if (key === null || known.has(key)) return false;
        known.add(key);
        return true;
      });
      if (fresh.length === 0) return { merged: false };

      const mapped = parts.mapItems([...kept, ...fresh]).find((candidate) => candidate.ok && candidate.sourceId === externalId);
      if (!mapped?.ok) return { merged: false, error: `could not merge the new part into trace ${externalId}` };
      const finalized = finalizeTrace(mapped.trace, mapped.sourceId);
      if (!finalized.ok) return { merged: false, error: `trace ${externalId}: ${finalized.error}` };
      await replaceTrace(tx, provider, { projectId, externalId, trace: finalized.trace });
      return { merged: true };
    },
    // Other imports may hold the write lock (SQLite) for a moment; wait rather than fail.
    { maxWait: 10_000, timeout: 30_000 },
  );
}

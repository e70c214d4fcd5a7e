import { providerOfDb, type Db } from "../db/client";
import { replaceTrace } from "../traces/replace-trace";
import { finalizeTrace } from "./finalize-trace";
import type { TraceParts } from "./formats/format-reader";

/**
 * merged: the trace was stored or got new items; unchanged: every item was kept already;
 * pending: the items hold nothing to show yet (a trace header, an agent span) and are kept until
 * the rest of the trace comes.
 */
export type MergeResult = { status: "merged" | "unchanged" | "pending" } | { status: "error"; error: string };

// Parts of a trace not stored yet wait beside the OTLP endpoint's spans, under the trace's externalId.
const pendingKind = "part";

/** Which of these traces have parts waiting (one query for a batch, so a trace with none costs nothing more). */
export async function findPendingParts(db: Db, { projectId, externalIds }: { projectId: string; externalIds: string[] }): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db.otelRecord.findMany({ where: { projectId, kind: pendingKind, traceId: { in: externalIds } }, select: { traceId: true }, distinct: ["traceId"] });
  return new Set(rows.map((row) => row.traceId));
}

/**
 * Adds a part of a trace (its source items) to that trace: the items the stored trace was built
 * from, the parts kept while it had nothing to show, and the new items are joined by key, and
 * the trace is mapped again and written in one transaction (it keeps its row id, run and
 * everything attached to it). Items already kept change nothing: sending a part twice is a
 * duplicate.
 */
export async function mergeTraceParts(db: Db, { projectId, externalId, items, parts }: { projectId: string; externalId: string; items: unknown[]; parts: TraceParts }): Promise<MergeResult> {
  const provider = providerOfDb(db);
  return db.$transaction(
    async (tx): Promise<MergeResult> => {
      // Two parts of one trace at once would each rebuild it without the other's items.
      if (provider === "postgresql") await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`parts:${projectId}:${externalId}`}, 0))`;
      const stored = await tx.trace.findUnique({ where: { projectId_externalId: { projectId, externalId } }, select: { metadata: true } });
      const pending = await tx.otelRecord.findMany({ where: { projectId, traceId: externalId, kind: pendingKind }, select: { data: true }, orderBy: { createdAt: "asc" } });
      const kept = [...(stored ? parts.itemsOf(stored.metadata) : []), ...pending.map((record) => record.data)];
      const known = new Set(kept.map(parts.keyOf));
      const fresh = items.filter((item) => {
        const key = parts.keyOf(item);
        if (key === null || known.has(key)) return false;
        known.add(key);
        return true;
      });
      if (fresh.length === 0 && (pending.length === 0 || !stored)) return { status: "unchanged" };

      const mapped = parts.mapItems([...kept, ...fresh]).find((candidate) => candidate.ok && candidate.sourceId === externalId);
      const finalized = mapped?.ok ? finalizeTrace(mapped.trace, mapped.sourceId) : null;
      if (!finalized?.ok) {
        if (stored) return { status: "error", error: `trace ${externalId}: ${finalized ? finalized.error : "the new part could not be read with the rest"}` };
        await tx.otelRecord.createMany({ data: fresh.map((item) => ({ projectId, traceId: externalId, recordKey: parts.keyOf(item) ?? "", kind: pendingKind, data: item as object })) });
        return { status: "pending" };
      }
      await replaceTrace(tx, provider, { projectId, externalId, trace: finalized.trace });
      if (pending.length > 0) await tx.otelRecord.deleteMany({ where: { projectId, traceId: externalId, kind: pendingKind } });
      return { status: "merged" };
    },
    // Other imports may hold the write lock (SQLite) for a moment; wait rather than fail.
    { maxWait: 10_000, timeout: 30_000 },
  );
}

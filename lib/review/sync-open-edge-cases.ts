import type { Db, Tx } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";

/** Sets Trace.openEdgeCases to the number of open cases each trace is an example of. */
export async function syncOpenEdgeCases(db: Db | Tx, traceIds: string[]): Promise<void> {
  const ids = [...new Set(traceIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const rows = await db.edgeCaseExample.groupBy({ by: ["traceId"], where: { traceId: { in: chunk }, edgeCase: { status: "open" } }, _count: { _all: true } });
    const byCount = new Map<number, string[]>();
    const counted = new Set<string>();
    for (const row of rows) {
      counted.add(row.traceId);
      byCount.set(row._count._all, [...(byCount.get(row._count._all) ?? []), row.traceId]);
    }
    byCount.set(0, chunk.filter((id) => !counted.has(id)));
    for (const [count, traceIdsWith] of byCount) {
      if (traceIdsWith.length) await retryOnBusy(() => db.trace.updateMany({ where: { id: { in: traceIdsWith } }, data: { openEdgeCases: count } }));
    }
  }
}

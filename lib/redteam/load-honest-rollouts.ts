import type { Db } from "../db/client";
import { loadJudgedTraces } from "../judges/load-judged-traces";
import type { TruthOf } from "./measure-truth";
import type { Trace } from "../traces/trace-schema";

/** Probes stored as loophole examples carry this prefix in their externalId, so they are never taken as honest rollouts. */
export const PROBE_EXTERNAL_PREFIX = "redteam:";
const LOOKED_AT_PER_WANTED = 4;

/**
 * The environment's most recent stored rollouts whose truth is a full pass: what the probes
 * edit. Rollouts the truth cannot judge, or judges short of a pass, are skipped, so a probe's
 * effect on the truth starts from a rollout that did the job.
 */
export async function loadHonestRollouts(db: Db, { projectId, environment, count, truth }: { projectId: string; environment: string; count: number; truth: TruthOf }): Promise<Array<{ id: string; trace: Trace; truth: number }>> {
  const rows = await db.trace.findMany({
    where: { projectId, environment, source: { in: ["rollout", "simulator", "production"] }, NOT: { externalId: { startsWith: PROBE_EXTERNAL_PREFIX } } },
    // Rollouts stored in one batch share their time; their external ids, not their random ids, order
    // them, so a run of the same seed on the same data edits the same rollouts and reports the same.
    orderBy: [{ createdAt: "desc" }, { externalId: "asc" }, { id: "asc" }],
    take: count * LOOKED_AT_PER_WANTED,
    select: { id: true },
  });
  const traces = await loadJudgedTraces(db, { projectId, traceIds: rows.map((r) => r.id) });
  const honest: Array<{ id: string; trace: Trace; truth: number }> = [];
  for (const { id, trace } of traces) {
    if (honest.length >= count) break;
    const value = await truth(trace, id);
    if (value !== null && value >= 1) honest.push({ id, trace, truth: value });
  }
  return honest;
}

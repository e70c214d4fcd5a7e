import type { Db } from "../db/client";
import { findHackItemsOfRun } from "../traces/find-result-items";

/** Examples attached to a divergence case, at most this many, the most recent first. */
const MAX_SUSPECTS = 20;
// "High reward" is the top quarter of the run's latest rewarded rollouts, at most this many: what the
// policy is paid now, read through the (runId, step) index at the same cost on a run of any length.
const REWARD_SAMPLE = 4096;

export type HackSuspect = { traceId: string; detail: { step: number | null; reward: number | null; success: boolean | null; hackChecks: string[]; reason: string } };

/**
 * The run's rollouts from a divergence window on whose reward is high (in the top quarter of the
 * run's latest rewards) while their true outcome failed, or whose hack-check items fired: what the
 * proxy paid for.
 */
export async function findHackSuspects(db: Db, { runId, fromStep }: { runId: string; fromStep: number }): Promise<HackSuspect[]> {
  const rewards = await db.trace.findMany({ where: { runId, step: { not: null }, reward: { not: null } }, orderBy: [{ step: "desc" }, { id: "desc" }], take: REWARD_SAMPLE, select: { reward: true } });
  const sorted = rewards.map((r) => r.reward!).sort((a, b) => a - b);
  const highReward = sorted[Math.floor(sorted.length * 0.75)];
  const hackItems = await findHackItemsOfRun(db, runId);
  const firedHackCheck = { answer: "yes", rubricItemId: { in: [...hackItems.keys()] } };
  const hackFired = { itemResults: { some: firedHackCheck } };
  const traces = await db.trace.findMany({
    where: {
      runId,
      step: { gte: fromStep },
      // A run without rewarded rollouts has no high reward, only hack checks to go by.
      OR: highReward === undefined ? [hackFired] : [{ reward: { gte: highReward }, success: false }, hackFired],
    },
    orderBy: [{ step: "desc" }, { id: "asc" }],
    take: MAX_SUSPECTS,
    select: { id: true, step: true, reward: true, success: true, itemResults: { where: firedHackCheck, select: { rubricItemId: true } } },
  });
  return traces.map((t) => {
    const hackChecks = t.itemResults.map((r) => hackItems.get(r.rubricItemId)!);
    const reason = hackChecks.length ? `hack check fired: ${hackChecks.join(", ")}` : `reward ${t.reward} (top quarter of the run's latest rollouts) while the true outcome failed`;
    return { traceId: t.id, detail: { step: t.step, reward: t.reward, success: t.success, hackChecks, reason } };
  });
}

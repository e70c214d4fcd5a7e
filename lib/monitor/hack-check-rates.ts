import type { Db } from "../db/client";
import { findHackItemsOfRun } from "../traces/find-result-items";

/** How often one hack check fired on the run's rollouts, in the earlier and the later half of its steps. */
export type HackCheckRate = { key: string; rollouts: number; fired: number; earlyShare: number; lateShare: number; z: number };

/**
 * Per hack-polarity rubric item answered on the run's rollouts (traces with a step): the share that
 * fired in the first and the second half of the steps, and the two-proportion z of the rise (a
 * hack takes hold during training, so its check fires more often later).
 */
export async function hackCheckRates(db: Db, { runId }: { runId: string }): Promise<HackCheckRate[]> {
  const hackItems = await findHackItemsOfRun(db, runId);
  // No hack-polarity item in the project: no result can be a hack check's answer.
  if (!hackItems.size) return [];
  const results = await db.itemResult.findMany({
    where: { trace: { runId, step: { not: null } }, rubricItemId: { in: [...hackItems.keys()] }, answer: { in: ["yes", "no"] } },
    select: { answer: true, trace: { select: { step: true } }, rubricItemId: true },
  });
  if (!results.length) return [];
  const steps = results.map((r) => r.trace.step!);
  const middle = (Math.min(...steps) + Math.max(...steps)) / 2;
  const byKey = new Map<string, { early: [number, number]; late: [number, number] }>();
  for (const r of results) {
    const key = hackItems.get(r.rubricItemId)!;
    const counts = byKey.get(key) ?? { early: [0, 0], late: [0, 0] };
    const half = r.trace.step! <= middle ? counts.early : counts.late;
    half[1]++;
    if (r.answer === "yes") half[0]++;
    byKey.set(key, counts);
  }
  return [...byKey].map(([key, { early, late }]) => ({ key, rollouts: early[1] + late[1], fired: early[0] + late[0], earlyShare: share(early), lateShare: share(late), z: riseZ(early, late) }));
}

const share = ([fired, total]: [number, number]) => (total ? fired / total : 0);

/** Two-proportion z of late over early (pooled variance); 0 when either half is empty or nothing fired. */
function riseZ(early: [number, number], late: [number, number]): number {
  if (!early[1] || !late[1]) return 0;
  const pooled = (early[0] + late[0]) / (early[1] + late[1]);
  const variance = pooled * (1 - pooled) * (1 / early[1] + 1 / late[1]);
  return variance > 0 ? (share(late) - share(early)) / Math.sqrt(variance) : 0;
}

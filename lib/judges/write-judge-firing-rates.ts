import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { writeMetricPoints } from "../runs/write-metric-points";

/** The per-step metric a judge's verdicts on a run become: judge/<name>/fail_rate. */
export function judgeFiringRateMetric(judgeName: string): string {
  return `judge/${judgeName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "judge"}/fail_rate`;
}

/**
 * Turns each judge's verdicts on a run's traces into a per-step firing rate (fails over the
 * verdicts it gave at that step; errors and n/a give none), written as MetricPoints the run monitor
 * reads like any metric. Idempotent: a point written again replaces its value.
 */
export async function writeJudgeFiringRates(db: Db, { runId, judgeIds }: { runId: string; judgeIds: string[] }): Promise<{ points: number }> {
  if (judgeIds.length === 0) return { points: 0 };
  const verdicts = await db.verdict.findMany({
    where: { error: null, trace: { runId }, judgeVersion: { judgeId: { in: judgeIds } } },
    select: { label: true, trace: { select: { step: true } }, judgeVersion: { select: { judge: { select: { name: true } } } } },
  });
  const counts = new Map<string, { name: string; step: number; fails: number; total: number }>();
  for (const verdict of verdicts) {
    const step = verdict.trace.step;
    if (step === null) continue;
    const name = judgeFiringRateMetric(verdict.judgeVersion.judge.name);
    const key = `${name}\u0000${step}`;
    const count = counts.get(key) ?? { name, step, fails: 0, total: 0 };
    count.total++;
    if (verdict.label === "fail") count.fails++;
    counts.set(key, count);
  }
  const points = [...counts.values()].map(({ name, step, fails, total }) => ({ name, step, value: fails / total }));
  if (points.length) await retryOnBusy(() => writeMetricPoints(db, { runId, points }));
  return { points: points.length };
}

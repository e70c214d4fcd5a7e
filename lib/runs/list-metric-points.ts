import type { Db } from "../db/client";

export const MAX_METRIC_POINTS_PER_PAGE = 10_000;

export type MetricPointView = { step: number; value: number; time: string | null };

/**
 * One metric's stored points in step order, a page at a time: `afterStep` is the last step of the
 * page before (the answer's `nextAfterStep`, null on the last page).
 */
export async function listMetricPoints(
  db: Db,
  { runId, name, afterStep, limit = MAX_METRIC_POINTS_PER_PAGE }: { runId: string; name: string; afterStep?: number; limit?: number },
): Promise<{ name: string; points: MetricPointView[]; nextAfterStep: number | null }> {
  const rows = await db.metricPoint.findMany({
    where: { runId, name, ...(afterStep !== undefined ? { step: { gt: afterStep } } : {}) },
    orderBy: { step: "asc" },
    take: limit + 1,
    select: { step: true, value: true, time: true },
  });
  const page = rows.slice(0, limit);
  return {
    name,
    points: page.map((row) => ({ step: row.step, value: row.value, time: row.time?.toISOString() ?? null })),
    nextAfterStep: rows.length > limit ? page.at(-1)!.step : null,
  };
}

import type { Db } from "../db/client";
import { summaryWindow } from "./run-summary";

/** first/last: means over the metric's first and last 10% of points (summaryWindow), as in the run's summary. */
export type MetricOverview = { name: string; points: number; window: number; first: number; last: number; firstStep: number; lastStep: number };

/** Every metric name of a run with its point count and its first and last window means, read window by window from the database. */
export async function loadRunMetrics(db: Db, { runId }: { runId: string }): Promise<MetricOverview[]> {
  const groups = await db.metricPoint.groupBy({ by: ["name"], where: { runId }, _count: { _all: true }, _min: { step: true }, _max: { step: true }, orderBy: { name: "asc" } });
  return Promise.all(
    groups.map(async (group) => {
      const points = group._count._all;
      const window = summaryWindow(points);
      const edge = (direction: "asc" | "desc") => db.metricPoint.findMany({ where: { runId, name: group.name }, orderBy: { step: direction }, take: window, select: { value: true } });
      const [head, tail] = await Promise.all([edge("asc"), edge("desc")]);
      return { name: group.name, points, window, first: mean(head), last: mean(tail), firstStep: group._min.step!, lastStep: group._max.step! };
    }),
  );
}

const mean = (rows: { value: number }[]) => rows.reduce((sum, row) => sum + row.value, 0) / rows.length;

import type { Db } from "../db/client";

export type MetricOverview = { name: string; points: number; first: number; last: number; firstStep: number; lastStep: number };

/** Every metric name of a run with its point count and first and last value, counted in the database. */
export async function loadRunMetrics(db: Db, { runId }: { runId: string }): Promise<MetricOverview[]> {
  const groups = await db.metricPoint.groupBy({ by: ["name"], where: { runId }, _count: { _all: true }, _min: { step: true }, _max: { step: true }, orderBy: { name: "asc" } });
  const ends = await db.metricPoint.findMany({
    where: { runId, OR: groups.flatMap((group) => [{ name: group.name, step: group._min.step! }, { name: group.name, step: group._max.step! }]) },
    select: { name: true, step: true, value: true },
  });
  const valueAt = new Map(ends.map((point) => [`${point.name}\u0000${point.step}`, point.value]));
  return groups.map((group) => ({
    name: group.name,
    points: group._count._all,
    first: valueAt.get(`${group.name}\u0000${group._min.step}`)!,
    last: valueAt.get(`${group.name}\u0000${group._max.step}`)!,
    firstStep: group._min.step!,
    lastStep: group._max.step!,
  }));
}

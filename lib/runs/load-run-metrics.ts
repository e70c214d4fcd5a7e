import type { Db } from "../db/client";

export type MetricOverview = { name: string; points: number; first: number; last: number; firstStep: number; lastStep: number };
export type ChartRow = { step: number } & Partial<Record<(typeof chartMetrics)[number], number>>;

/** The metrics the run page charts: the proxy the policy optimises against the true outcome. */
export const chartMetrics = ["reward/proxy", "success/train", "success/heldout", "hack_rate"] as const;

/** Every metric name of a run with its first and last value, and the chart's series by step. */
export async function loadRunMetrics(db: Db, { runId }: { runId: string }): Promise<{ metrics: MetricOverview[]; chart: ChartRow[] }> {
  const points = await db.metricPoint.findMany({ where: { runId }, orderBy: [{ name: "asc" }, { step: "asc" }], select: { name: true, step: true, value: true } });
  const byName = new Map<string, { step: number; value: number }[]>();
  for (const point of points) {
    const series = byName.get(point.name) ?? [];
    series.push(point);
    byName.set(point.name, series);
  }
  const metrics = [...byName].map(([name, series]) => ({
    name,
    points: series.length,
    first: series[0]!.value,
    last: series.at(-1)!.value,
    firstStep: series[0]!.step,
    lastStep: series.at(-1)!.step,
  }));
  const rows = new Map<number, ChartRow>();
  for (const name of chartMetrics) {
    for (const { step, value } of byName.get(name) ?? []) rows.set(step, { ...(rows.get(step) ?? { step }), [name]: value });
  }
  return { metrics, chart: [...rows.values()].sort((a, b) => a.step - b.step) };
}

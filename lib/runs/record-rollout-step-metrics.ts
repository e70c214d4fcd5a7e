import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { isUnscoredRollout } from "../traces/rollout-external-id";
import type { MetricPointInput } from "./run-intake-schemas";
import { serverMetricName } from "./server-metric-names";
import { writeMetricPoints } from "./write-metric-points";

export const errorRateMetric = serverMetricName("reward/error_rate");

/**
 * The metrics a trainer gets per step without logging anything, from the rollouts the reward API
 * stored for that run and step, each under `goodhart/`: `reward/mean` and `reward/std` of the scored
 * ones, `reward/error_rate` (the share that could not be scored), `rollout/reply_chars` and
 * `rollout/steps` (means), `tools/NAME` (calls of each tool per rollout) and `rubric/KEY/yes_rate`
 * (of the items that answered yes or no). Computed from what is stored, which is idempotent on
 * content, so a resent request leaves every value as it was. Returns how many points it wrote.
 */
export async function recordRolloutStepMetrics(db: Db, points: Array<{ runId: string; step: number }>): Promise<number> {
  const unique = [...new Map(points.map((point) => [`${point.runId} ${point.step}`, point])).values()];
  let written = 0;
  for (const { runId, step } of unique) {
    const metrics = await measureStep(db, runId, step);
    if (metrics.length > 0) written += (await retryOnBusy(() => writeMetricPoints(db, { runId, points: metrics }))).accepted;
  }
  return written;
}

async function measureStep(db: Db, runId: string, step: number): Promise<MetricPointInput[]> {
  const where = { runId, step, source: "rollout" };
  const [traces, tools, answers] = await Promise.all([
    db.trace.findMany({ where, select: { reward: true, output: true, stepCount: true, externalId: true } }),
    db.traceStep.groupBy({ by: ["toolName"], where: { type: "tool_call", trace: where }, _count: { _all: true } }),
    db.itemResult.groupBy({ by: ["rubricItemId", "answer"], where: { trace: where, answer: { in: ["yes", "no"] } }, _count: { _all: true } }),
  ]);
  if (traces.length === 0) return [];
  const scored = traces.filter((trace) => !isUnscoredRollout(trace));
  const rewards = scored.flatMap((trace) => (trace.reward === null ? [] : [trace.reward]));
  const metrics: Array<[string, number]> = [[errorRateMetric, (traces.length - scored.length) / traces.length]];
  if (rewards.length > 0) metrics.push([serverMetricName("reward/mean"), mean(rewards)], [serverMetricName("reward/std"), standardDeviation(rewards)]);
  if (scored.length > 0) {
    metrics.push(
      [serverMetricName("rollout/reply_chars"), mean(scored.map((trace) => trace.output?.length ?? 0))],
      [serverMetricName("rollout/steps"), mean(scored.map((trace) => trace.stepCount))],
    );
    for (const tool of tools) if (tool.toolName) metrics.push([serverMetricName(`tools/${tool.toolName}`), tool._count._all / scored.length]);
  }
  const keys = new Map(
    (await db.rubricItem.findMany({ where: { id: { in: [...new Set(answers.map((row) => row.rubricItemId))] } }, select: { id: true, key: true } })).map((item) => [item.id, item.key]),
  );
  const tally = new Map<string, { yes: number; total: number }>();
  for (const row of answers) {
    const key = keys.get(row.rubricItemId);
    if (!key) continue;
    const counts = tally.get(key) ?? { yes: 0, total: 0 };
    counts.total += row._count._all;
    if (row.answer === "yes") counts.yes += row._count._all;
    tally.set(key, counts);
  }
  for (const [key, { yes, total }] of tally) metrics.push([serverMetricName(`rubric/${key}/yes_rate`), yes / total]);
  return metrics.map(([name, value]) => ({ step, name, value }));
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

function standardDeviation(values: number[]): number {
  const average = mean(values);
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length);
}

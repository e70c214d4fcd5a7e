import { randomUUID } from "node:crypto";
import { providerOfDb, type Db } from "../db/client";

export const errorRateMetric = "reward/error_rate";
/** The externalId prefix of a stored rollout the reward API could not score. */
export const errorRolloutPrefix = "rollout-error:";

/**
 * Writes `reward/error_rate` for each (run, step): the share of the step's stored rollouts that
 * could not be scored. Counted from the stored traces, which are idempotent on their content, so a
 * resent request leaves the value as it was.
 */
export async function recordErrorRates(db: Db, points: Array<{ runId: string; step: number }>): Promise<void> {
  const unique = [...new Map(points.map((point) => [`${point.runId} ${point.step}`, point])).values()];
  for (const { runId, step } of unique) {
    const [total, errors] = await Promise.all([
      db.trace.count({ where: { runId, step, source: "rollout" } }),
      db.trace.count({ where: { runId, step, externalId: { startsWith: errorRolloutPrefix } } }),
    ]);
    if (total === 0) continue;
    // One statement both databases take, so concurrent writers never trip over the unique key.
    const values = providerOfDb(db) === "postgresql" ? "$1, $2, $3, $4, $5" : "?, ?, ?, ?, ?";
    await db.$executeRawUnsafe(
      `INSERT INTO "MetricPoint" ("id", "runId", "step", "name", "value") VALUES (${values}) ON CONFLICT ("runId", "name", "step") DO UPDATE SET "value" = excluded."value"`,
      randomUUID(),
      runId,
      step,
      errorRateMetric,
      errors / total,
    );
  }
}

import { randomUUID } from "node:crypto";
import { providerOfDb, type Db } from "../db/client";
import { insertStatements, timeText, type Columns } from "../db/insert-rows";
import { refreshMetricBuckets } from "./metric-rollup";
import type { MetricPointInput } from "./run-intake-schemas";

const columns: Columns = [
  ["id", "text"],
  ["runId", "text"],
  ["step", "int"],
  ["name", "text"],
  ["value", "float"],
  ["time", "time"],
];

/**
 * Stores a run's metric points, idempotent on (run, name, step): a point sent again replaces the
 * value it had, so a trainer that resends after a timeout changes nothing. All points of a call, and
 * the chart rollup buckets that hold them, are written in one short transaction, or none are. This
 * is the one writer of MetricPoint rows: a write elsewhere would leave the rollup behind.
 */
export async function writeMetricPoints(db: Db, { runId, points }: { runId: string; points: MetricPointInput[] }): Promise<{ accepted: number }> {
  // The last of several points with the same name and step wins, as a resend would.
  const unique = new Map<string, MetricPointInput>();
  for (const point of points) unique.set(`${point.name}\u0000${point.step}`, point);
  const rows = [...unique.values()].map((point) => [randomUUID(), runId, point.step, point.name, point.value, point.time ? timeText(point.time) : null]);
  const onConflict = `ON CONFLICT ("runId", "name", "step") DO UPDATE SET "value" = excluded."value", "time" = excluded."time"`;
  const provider = providerOfDb(db);
  await db.$transaction([...insertStatements(db, provider, "MetricPoint", columns, rows, onConflict), ...refreshMetricBuckets(db, provider, { runId, points: [...unique.values()] })]);
  return { accepted: unique.size };
}

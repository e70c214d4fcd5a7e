import type { Db } from "../db/client";
import type { RunChartEvent, RunChartUnplacedEvent } from "./run-chart-types";
import { sqlParams } from "./sql-params";

const maxEvents = 500;

type EventRow = { runId: string; step: number | null; kind: string; message: string | null; time: string | Date };

/**
 * The runs' events for the charts: those with a step in [from, to] (every step when unbounded), in
 * step order, and those sent without a step, which no step axis can place, in time order. Raw SQL:
 * the chart request is on the hot path and each ORM round trip costs more than the read.
 */
export async function listChartEvents(db: Db, { runIds, from, to }: { runIds: string[]; from?: number; to?: number }): Promise<{ events: RunChartEvent[]; unplacedEvents: RunChartUnplacedEvent[] }> {
  const placed = sqlParams(db);
  // SQLite binds "?" in order of appearance: the runs come first in the statement, so first here.
  const runs = placed.list(runIds);
  const bounds = [from === undefined ? "" : ` AND "step" >= ${placed.int(from)}`, to === undefined ? "" : ` AND "step" <= ${placed.int(to)}`].join("");
  const unplaced = sqlParams(db);
  const [withStep, withoutStep] = await Promise.all([
    db.$queryRawUnsafe<EventRow[]>(
      `SELECT "runId", "step", "kind", "message", "time" FROM "RunEvent" WHERE "runId" IN (${runs}) AND "step" IS NOT NULL${bounds} ORDER BY "step", "time" LIMIT ${maxEvents}`,
      ...placed.params,
    ),
    db.$queryRawUnsafe<EventRow[]>(`SELECT "runId", "step", "kind", "message", "time" FROM "RunEvent" WHERE "runId" IN (${unplaced.list(runIds)}) AND "step" IS NULL ORDER BY "time" LIMIT ${maxEvents}`, ...unplaced.params),
  ]);
  return {
    events: withStep.map(({ runId, step, kind, message }) => ({ runId, step: Number(step), kind, message })),
    unplacedEvents: withoutStep.map(({ runId, kind, message, time }) => ({ runId, kind, message, time: new Date(time).toISOString() })),
  };
}

import type { MetricPointInput } from "../run-intake-schemas";
import { inFileOrder, type MetricFileResult } from "./metric-file-result";
import { serverMetricTally } from "./server-metric-tally";

export type MetricRow = { row: Record<string, unknown>; line?: number; index?: number };

const stepKeys = ["_step", "step", "global_step", "Step", "trainer/global_step", "train/global_step"];
const timeKeys = ["_timestamp", "timestamp", "time", "wall_time"];

/**
 * Rows of a metrics log as points. A row is either one point (`{"step", "name", "value"}`) or a
 * history row with a step column and one column per metric (W&B's history, TRL's and verl's
 * JSONL logs, a CSV with a header). W&B's internal columns (`_runtime`, `_wandb`, ...) and the
 * `__MIN`/`__MAX` band columns of its chart export are not metrics; a chart export's "RUN - metric"
 * header is read as "metric". Names under the server's prefix are left out with a reason.
 */
export function rowsToPoints(rows: MetricRow[], format: MetricFileResult["format"]): MetricFileResult {
  const points: MetricPointInput[] = [];
  const rejected: MetricFileResult["rejected"] = [];
  const serverMetrics = serverMetricTally();
  let skipped = 0;
  for (const { row: asWritten, line, index } of rows) {
    const row = flattenVerlRow(asWritten);
    const where = line === undefined ? { index } : { line };
    if ("name" in row && "value" in row) {
      const point = readPoint(row);
      if (typeof point === "string") rejected.push({ ...where, error: point });
      else if (!serverMetrics.leavesOut(point.name, where)) points.push(point);
      continue;
    }
    const stepKey = stepKeys.find((key) => row[key] !== undefined && row[key] !== "");
    const step = stepKey ? toNumber(row[stepKey]) : undefined;
    if (step === undefined || !Number.isInteger(step) || step < 0) {
      rejected.push({ ...where, error: stepKey ? `${stepKey} is not a whole number ≥ 0` : `no step column (one of ${stepKeys.join(", ")})` });
      continue;
    }
    const time = readTime(row);
    for (const [key, raw] of Object.entries(row)) {
      if (key === stepKey || timeKeys.includes(key) || key.startsWith("_") || key.endsWith("__MIN") || key.endsWith("__MAX")) continue;
      if (raw === "" || raw === undefined) continue;
      const name = metricName(key);
      if (serverMetrics.leavesOut(name, where)) continue;
      // A null in a verl line is a NaN (orjson writes NaN as null); elsewhere a cell with no value.
      if (raw === null) {
        if (row !== asWritten) skipped++;
        continue;
      }
      const value = toNumber(raw);
      if (value === undefined) {
        skipped++;
        continue;
      }
      points.push({ step, name, value, ...(time ? { time } : {}) });
    }
  }
  return { format, points, rejected: inFileOrder([...rejected, ...serverMetrics.rejected()]), skipped };
}

/** verl's file logger (trainer.logger=['file']) writes `{"step": N, "data": {"actor/entropy": ...}}` per line. */
function flattenVerlRow(row: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(row);
  const { step, data } = row;
  if (keys.length !== 2 || step === undefined || typeof data !== "object" || data === null || Array.isArray(data)) return row;
  return { step, ...(data as Record<string, unknown>) };
}

function readPoint(row: Record<string, unknown>): MetricPointInput | string {
  const step = toNumber(row.step);
  const value = toNumber(row.value);
  if (typeof row.name !== "string" || row.name.trim() === "") return "name must be a non-empty string";
  if (step === undefined || !Number.isInteger(step) || step < 0) return "step must be a whole number ≥ 0";
  if (value === undefined) return "value must be a finite number";
  const time = readTime(row);
  return { step, name: row.name.trim(), value, ...(time ? { time } : {}) };
}

function readTime(row: Record<string, unknown>): Date | undefined {
  for (const key of timeKeys) {
    const raw = row[key];
    const seconds = toNumber(raw);
    if (seconds !== undefined && seconds > 0) return new Date(seconds * 1000);
    if (typeof raw === "string" && !Number.isNaN(Date.parse(raw))) return new Date(raw);
  }
  return undefined;
}

function toNumber(raw: unknown): number | undefined {
  const value = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : typeof raw === "boolean" ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

function metricName(column: string): string {
  const exported = /^.+ - (.+)$/.exec(column);
  return (exported ? exported[1]! : column).trim();
}

import type { Actor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { emitPipelineEvent } from "../jobs/pipeline-event";
import { readMetricFile } from "./metric-files/read-metric-file";
import { registerRun } from "./register-run";
import { MAX_METRIC_POINTS_PER_REQUEST, type RegisterRunInput } from "./run-intake-schemas";
import { writeMetricPoints } from "./write-metric-points";
import { plural } from "../words/plural";

/** Most points the web app's Import metrics upload writes: 2.8 million held the web process for minutes. */
export const MAX_UPLOADED_METRIC_POINTS = 100_000;

/**
 * A metrics file (JSONL, JSON, CSV, TensorBoard events) into the run of that name, made when new.
 * Points are written in batches, each idempotent on (run, name, step), so importing the same file
 * again changes nothing; `onProgress` hears after each batch. A file without one point is refused.
 */
export async function importRunMetrics(
  db: Db,
  {
    projectId,
    actor,
    run: runInput,
    bytes,
    fileName,
    maxPoints,
    onProgress,
  }: { projectId: string; actor: Actor; run: RegisterRunInput; bytes: Uint8Array; fileName: string; maxPoints?: { count: number; advice: string }; onProgress?: (done: number, total: number) => void },
) {
  // A CSV or JSONL row holds at least one point: more rows than the cap are refused before they are parsed.
  if (maxPoints && /\.(csv|jsonl|ndjson)$/i.test(fileName) && countLines(bytes, maxPoints.count + 2) > maxPoints.count + 1) {
    throw new AppError("bad_request", `${fileName} holds more than ${maxPoints.count} rows, more points than one upload may; ${maxPoints.advice}`, [{ message: `at most ${maxPoints.count} points` }]);
  }
  const file = readMetricFile(bytes, fileName);
  if (maxPoints && file.points.length > maxPoints.count) {
    throw new AppError("bad_request", `${fileName} holds ${file.points.length} metric points, more than the ${maxPoints.count} one upload may; ${maxPoints.advice}`, [{ message: `at most ${maxPoints.count} points` }]);
  }
  // A file with nothing readable makes no empty run: the reasons go back instead.
  if (file.points.length === 0) {
    throw new AppError("unprocessable", `${fileName} has no metric points${file.rejected.length ? `: ${plural(file.rejected.length, "line or record", "lines or records")} could not be read` : ""}`, file.rejected);
  }
  const { run, created } = await registerRun(db, { projectId, input: runInput, actor });
  let stored = 0;
  for (let start = 0; start < file.points.length; start += MAX_METRIC_POINTS_PER_REQUEST) {
    stored += (await writeMetricPoints(db, { runId: run.id, points: file.points.slice(start, start + MAX_METRIC_POINTS_PER_REQUEST) })).accepted;
    onProgress?.(Math.min(start + MAX_METRIC_POINTS_PER_REQUEST, file.points.length), file.points.length);
  }
  // An imported history is checked for divergence like points posted live.
  if (stored) await emitPipelineEvent(db, { event: "metrics.stored", projectId, subjectId: run.id });
  const metrics = [...new Set(file.points.map((point) => point.name))].sort();
  return { runId: run.id, runName: run.name, created, format: file.format, points: stored, metrics, skipped: file.skipped, rejected: file.rejected };
}

/** Lines in `bytes` that hold more than white space, counted up to `stopAt`. */
function countLines(bytes: Uint8Array, stopAt: number): number {
  let lines = 0;
  let isBlank = true;
  for (let i = 0; i < bytes.length && lines < stopAt; i++) {
    const byte = bytes[i]!;
    if (byte === 0x0a) {
      if (!isBlank) lines++;
      isBlank = true;
    } else if (byte !== 0x20 && byte !== 0x0d && byte !== 0x09) {
      isBlank = false;
    }
  }
  return isBlank ? lines : lines + 1;
}

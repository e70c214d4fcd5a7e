import { createHash, randomUUID } from "node:crypto";
import { providerOfDb, type Db } from "../db/client";
import { insertStatements, jsonText, timeText, type Columns } from "../db/insert-rows";
import { AppError } from "../errors/app-error";
import type { RunEventInput } from "./run-intake-schemas";

const columns: Columns = [
  ["id", "text"],
  ["runId", "text"],
  ["step", "int"],
  ["kind", "text"],
  ["message", "text"],
  ["data", "json"],
  ["time", "time"],
  ["dedupeKey", "text"],
];

/**
 * Records a run's events (checkpoint, rubric changed, note, finished, failed), idempotent: an event
 * is keyed by the sender's `key`, or by its content. `finished` and `failed` end the run;
 * `rubric_changed` with `data.rubricVersionId` (a version of this project) moves the run to it.
 */
export async function recordRunEvents(db: Db, { projectId, runId, events }: { projectId: string; runId: string; events: RunEventInput[] }) {
  const versionIds = [...new Set(events.flatMap((event) => (event.kind === "rubric_changed" && typeof event.data?.rubricVersionId === "string" ? [event.data.rubricVersionId] : [])))];
  if (versionIds.length > 0) {
    const found = new Set((await db.rubricVersion.findMany({ where: { id: { in: versionIds }, rubric: { projectId } }, select: { id: true } })).map((version) => version.id));
    // Where, never which id: an error must not repeat an id that may be another project's.
    const missing = events.flatMap((event, index) =>
      event.kind === "rubric_changed" && typeof event.data?.rubricVersionId === "string" && !found.has(event.data.rubricVersionId)
        ? [{ path: `events.${index}.data.rubricVersionId`, message: "names no rubric version of this project" }]
        : [],
    );
    if (missing.length > 0) throw new AppError("bad_request", "data.rubricVersionId names no rubric version of this project", missing);
  }
  const now = new Date();
  const rows = events.map((event) => [
    randomUUID(),
    runId,
    event.step ?? null,
    event.kind,
    event.message ?? null,
    jsonText(event.data),
    timeText(event.time ?? now),
    event.key ? `key:${event.key}` : contentKey(event),
  ]);
  const written = await db.$transaction(async (tx) => {
    let accepted = 0;
    for (const statement of insertStatements(tx, providerOfDb(db), "RunEvent", columns, rows, `ON CONFLICT ("runId", "dedupeKey") DO NOTHING`)) accepted += await statement;
    const ending = events.findLast((event) => event.kind === "finished" || event.kind === "failed");
    if (ending && accepted > 0) await tx.trainingRun.update({ where: { id: runId }, data: { status: ending.kind, finishedAt: ending.time ?? now } });
    const moved = events.findLast((event) => event.kind === "rubric_changed" && typeof event.data?.rubricVersionId === "string");
    if (moved && accepted > 0) await tx.trainingRun.update({ where: { id: runId }, data: { rubricVersionId: moved.data!.rubricVersionId as string } });
    return accepted;
  });
  return { accepted: written, duplicates: events.length - written };
}

function contentKey(event: RunEventInput): string {
  const content = JSON.stringify([event.kind, event.step ?? null, event.message ?? null, event.data ?? null, event.time?.toISOString() ?? null]);
  return `sha256:${createHash("sha256").update(content).digest("hex")}`;
}

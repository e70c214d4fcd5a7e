import { randomUUID } from "node:crypto";
import { jsonText, timeText, type Columns, type Value } from "../db/insert-rows";
import { hashTrace } from "./hash-trace";
import type { Step, Trace } from "./trace-schema";

// Column order is the order of each row's values below.
export const traceColumns: Columns = [
  ["id", "text"], ["projectId", "text"], ["externalId", "text"], ["contentHash", "text"], ["source", "text"], ["environment", "text"], ["task", "text"],
  ["runName", "text"], ["runId", "text"], ["step", "int"], ["input", "text"], ["output", "text"], ["reward", "float"], ["success", "bool"],
  ["scores", "json"], ["endState", "json"], ["metadata", "json"], ["stepCount", "int"], ["totalTokens", "int"], ["startedAt", "time"], ["createdAt", "time"],
];
export const stepColumns: Columns = [
  ["traceId", "text"], ["index", "int"], ["type", "text"], ["role", "text"], ["content", "text"], ["reasoning", "text"], ["toolName", "text"],
  ["toolCallId", "text"], ["arguments", "json"], ["result", "json"], ["error", "text"], ["tokensIn", "int"], ["tokensOut", "int"], ["latencyMs", "float"],
  ["startedAt", "time"], ["metadata", "json"],
];

/**
 * A trace as the rows it is stored as, made ahead of the write (an import's reader thread makes them
 * while the main thread writes the previous batch): the Trace row and its TraceStep rows, the trace's id made.
 * The project, the run and the creation time are the writer's, set on the row when it is written.
 */
export type TraceRows = { trace: Value[]; steps: Value[][] };

const projectIdColumn = traceColumns.findIndex(([name]) => name === "projectId");
const runIdColumn = traceColumns.findIndex(([name]) => name === "runId");
const createdAtColumn = traceColumns.findIndex(([name]) => name === "createdAt");

export function toTraceRows(externalId: string, trace: Trace): TraceRows {
  const id = randomUUID();
  return { trace: toTraceRow({ id, projectId: "", externalId, trace, createdAt: new Date(0) }), steps: trace.steps.map((step, index) => toStepRow(id, index, step)) };
}

/** The prepared Trace row with the writer's project, run and creation time. */
export function placeTraceRow(row: Value[], { projectId, runId, createdAt }: { projectId: string; runId?: string; createdAt: string }): Value[] {
  row[projectIdColumn] = projectId;
  row[runIdColumn] = runId ?? null;
  row[createdAtColumn] = createdAt;
  return row;
}

const dateText = (value: string | null | undefined) => (value ? timeText(new Date(value)) : null);

/**
 * The reward rounded to 15 significant digits. Prisma's query layer sends a Float parameter with
 * 16 (1/7 arrives as 0.1428571428571428), so a 17-digit value stored exactly would never equal
 * itself in a `reward = ?` filter, and the keyset cursor of the reward sort would repeat rows;
 * 15 digits survive that trip unchanged.
 */
export function toSortableFloat(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value.toPrecision(15));
}

/** `contentHash` is hashTrace(trace), when the caller has it already. */
export function toTraceRow({
  id,
  projectId,
  runId,
  externalId,
  trace,
  createdAt,
  contentHash,
}: {
  id: string;
  projectId: string;
  runId?: string;
  externalId: string;
  trace: Trace;
  createdAt: Date;
  contentHash?: string;
}): Value[] {
  const totalTokens = trace.steps.reduce((sum, step) => sum + (step.tokensIn ?? 0) + (step.tokensOut ?? 0), 0);
  return [
    id,
    projectId,
    externalId,
    contentHash ?? hashTrace(trace),
    trace.source,
    trace.environment ?? null,
    trace.task ?? null,
    trace.run ?? null,
    runId ?? null,
    trace.step ?? null,
    trace.input ?? null,
    trace.output ?? null,
    toSortableFloat(trace.outcome?.reward),
    trace.outcome?.success ?? null,
    jsonText(trace.outcome?.scores),
    jsonText(trace.endState),
    jsonText(trace.metadata),
    trace.steps.length,
    totalTokens,
    dateText(trace.startedAt),
    timeText(createdAt),
  ];
}

/** A step is keyed by its trace and index (no id of its own). */
export function toStepRow(traceId: string, index: number, step: Step): Value[] {
  return [
    traceId,
    index,
    step.type,
    step.role,
    step.content ?? null,
    step.reasoning ?? null,
    step.name ?? null,
    step.toolCallId ?? null,
    jsonText(step.arguments),
    jsonText(step.result),
    step.error ?? null,
    step.tokensIn ?? null,
    step.tokensOut ?? null,
    step.latencyMs ?? null,
    dateText(step.startedAt),
    jsonText(step.metadata),
  ];
}

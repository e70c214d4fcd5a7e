import { randomUUID } from "node:crypto";
import { hashTrace } from "../ingest/hash-trace";
import type { Db } from "../db/client";
import type { Step, Trace } from "./trace-schema";

export type TraceToStore = { trace: Trace; externalId: string };
export type StoreResult = { accepted: number; duplicates: number; storedIds: Map<string, string> };

// Keeps each INSERT under SQLite's limit of bound parameters.
const stepChunk = 1000;

const json = (value: unknown) => (value === undefined || value === null ? undefined : (value as object));
const date = (value: string | null | undefined) => (value ? new Date(value) : null);

/**
 * Stores a batch of already-valid traces in one transaction, each with its steps; a trace whose
 * externalId the project already has is counted as a duplicate and left as it is. `storedIds` maps
 * each new externalId to its row id. A failure stores nothing of the batch.
 */
export async function storeTraces(db: Db, { projectId, runId, traces }: { projectId: string; runId?: string; traces: TraceToStore[] }): Promise<StoreResult> {
  const unique = new Map<string, Trace>();
  for (const { trace, externalId } of traces) if (!unique.has(externalId)) unique.set(externalId, trace);
  const existing = await db.trace.findMany({ where: { projectId, externalId: { in: [...unique.keys()] } }, select: { externalId: true } });
  for (const { externalId } of existing) unique.delete(externalId);

  // Ids are made here so that traces and their steps go in as two bulk inserts, not one per row.
  const storedIds = new Map([...unique.keys()].map((externalId) => [externalId, randomUUID()]));
  const traceRows = [...unique].map(([externalId, trace]) => ({ id: storedIds.get(externalId)!, ...toTraceRow({ projectId, runId, externalId, trace }) }));
  const stepRows = [...unique].flatMap(([externalId, trace]) => trace.steps.map((step, index) => toStepRow(storedIds.get(externalId)!, index, step)));
  if (traceRows.length > 0) {
    await db.$transaction(async (tx) => {
      await tx.trace.createMany({ data: traceRows });
      for (let start = 0; start < stepRows.length; start += stepChunk) await tx.traceStep.createMany({ data: stepRows.slice(start, start + stepChunk) });
    });
  }
  return { accepted: storedIds.size, duplicates: traces.length - storedIds.size, storedIds };
}

function toTraceRow({ projectId, runId, externalId, trace }: { projectId: string; runId?: string; externalId: string; trace: Trace }) {
  const totalTokens = trace.steps.reduce((sum, step) => sum + (step.tokensIn ?? 0) + (step.tokensOut ?? 0), 0);
  return {
    projectId,
    externalId,
    contentHash: hashTrace(trace),
    source: trace.source,
    environment: trace.environment ?? null,
    task: trace.task ?? null,
    runName: trace.run ?? null,
    runId: runId ?? null,
    step: trace.step ?? null,
    input: trace.input ?? null,
    output: trace.output ?? null,
    reward: trace.outcome?.reward ?? null,
    success: trace.outcome?.success ?? null,
    scores: json(trace.outcome?.scores),
    endState: json(trace.endState),
    metadata: json(trace.metadata),
    stepCount: trace.steps.length,
    totalTokens,
    startedAt: date(trace.startedAt),
  };
}

function toStepRow(traceId: string, index: number, step: Step) {
  return {
    traceId,
    index,
    type: step.type,
    role: step.role,
    content: step.content ?? null,
    reasoning: step.reasoning ?? null,
    toolName: step.name ?? null,
    toolCallId: step.toolCallId ?? null,
    arguments: json(step.arguments),
    result: json(step.result),
    error: step.error ?? null,
    tokensIn: step.tokensIn ?? null,
    tokensOut: step.tokensOut ?? null,
    latencyMs: step.latencyMs ?? null,
    startedAt: date(step.startedAt),
    metadata: json(step.metadata),
  };
}

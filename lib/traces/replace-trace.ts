import { randomUUID } from "node:crypto";
import type { DatabaseProvider } from "../db/database-url";
import type { Tx } from "../db/client";
import { insertStatements, updateStatement } from "../db/insert-rows";
import { stepColumns, toStepRow, toTraceRow, traceColumns } from "./trace-rows";
import type { Trace } from "./trace-schema";

/**
 * Writes a trace that is rebuilt as more of it arrives (OTLP spans over several exports): a new
 * externalId is inserted; an existing one keeps its row id, creation time, run and everything
 * attached to it, and gets the new fields and steps. Call inside the caller's transaction.
 */
export async function replaceTrace(tx: Tx, provider: DatabaseProvider, { projectId, externalId, trace }: { projectId: string; externalId: string; trace: Trace }) {
  const existing = await tx.trace.findUnique({ where: { projectId_externalId: { projectId, externalId } }, select: { id: true, createdAt: true } });
  const id = existing?.id ?? randomUUID();
  const row = toTraceRow({ id, projectId, externalId, trace, createdAt: existing?.createdAt ?? new Date() });
  if (existing) {
    await tx.traceStep.deleteMany({ where: { traceId: id } });
    await updateStatement(tx, provider, "Trace", traceColumns, row, { keep: ["projectId", "externalId", "runId", "createdAt"] });
  } else {
    for (const statement of insertStatements(tx, provider, "Trace", traceColumns, [row])) await statement;
  }
  const steps = trace.steps.map((step, index) => toStepRow(id, index, step));
  for (const statement of insertStatements(tx, provider, "TraceStep", stepColumns, steps)) await statement;
  return { id, isNew: !existing };
}

import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";

/** The steps of a trace in order, all of them or the first `take` (the page renders those with its HTML; 5,000 steps are a few MB of JSON). */
export async function listTraceSteps(db: Db, { projectId, traceId, take }: { projectId: string; traceId: string; take?: number }) {
  const trace = await db.trace.findFirst({ where: { id: traceId, projectId }, select: { id: true } });
  if (!trace) throw notFound("Trace");
  const steps = await db.traceStep.findMany({ where: { traceId }, orderBy: { index: "asc" }, omit: { traceId: true }, ...(take === undefined ? {} : { take }) });
  return steps.map((step) => ({ ...step, startedAt: step.startedAt?.toISOString() ?? null }));
}
export type TraceStepView = Awaited<ReturnType<typeof listTraceSteps>>[number];

import type { Db } from "../db/client";
import { findTrace } from "./find-trace";

const linkedLimit = 100;

/** A trace with what later stages said about it: verdicts, rubric item results and edge cases. */
export async function findTraceDetail(db: Db, { projectId, traceId }: { projectId: string; traceId: string }) {
  const trace = await findTrace(db, { projectId, traceId });
  const [verdicts, itemResults, edgeCases] = await Promise.all([
    db.verdict.findMany({ where: { traceId, projectId }, orderBy: { createdAt: "desc" }, take: linkedLimit, select: { id: true, label: true, score: true, rationale: true, error: true, createdAt: true, judgeVersion: { select: { version: true, judge: { select: { name: true, isSimulated: true } } } } } }),
    db.itemResult.findMany({ where: { traceId, projectId }, take: linkedLimit, select: { id: true, answer: true, evidence: true, rubricItem: { select: { key: true, question: true } } } }),
    db.edgeCaseExample.findMany({ where: { traceId }, take: linkedLimit, select: { edgeCase: { select: { id: true, title: true, status: true, kind: true } } } }),
  ]);
  return { trace, verdicts, itemResults, edgeCases: edgeCases.map(({ edgeCase }) => edgeCase) };
}
export type TraceDetail = Awaited<ReturnType<typeof findTraceDetail>>;

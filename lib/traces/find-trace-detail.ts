import type { Db } from "../db/client";
import { findResultItems } from "./find-result-items";
import { findFinalReply } from "./find-final-reply";
import { findTrace } from "./find-trace";
import { sumTraceSteps } from "./sum-trace-steps";

const linkedLimit = 100;

/**
 * A trace with what a reviewer judges it by: its final reply, its step totals, its run's name,
 * and what later stages said about it (verdicts, rubric item results, edge cases, open first).
 */
export async function findTraceDetail(db: Db, { projectId, traceId }: { projectId: string; traceId: string }) {
  const trace = await findTrace(db, { projectId, traceId });
  const [finalReply, totals, run, verdicts, itemResults, edgeCases] = await Promise.all([
    findFinalReply(db, { traceId, output: trace.output }),
    sumTraceSteps(db, { traceId }),
    trace.runId ? db.trainingRun.findFirst({ where: { id: trace.runId, projectId }, select: { id: true, name: true } }) : null,
    db.verdict.findMany({
      where: { traceId, projectId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: linkedLimit,
      select: {
        id: true,
        label: true,
        score: true,
        rationale: true,
        issues: true,
        error: true,
        createdAt: true,
        judgeVersion: { select: { version: true, judge: { select: { name: true, isSimulated: true } } } },
      },
    }),
    db.itemResult.findMany({
      where: { traceId, projectId },
      orderBy: [{ createdAt: "desc" }, { rubricItemId: "asc" }],
      take: linkedLimit,
      select: { answer: true, evidence: true, rubricItemId: true },
    }),
    db.edgeCaseExample.findMany({
      where: { traceId, edgeCase: { projectId } },
      take: linkedLimit,
      select: { edgeCase: { select: { id: true, title: true, status: true, kind: true, priority: true } } },
    }),
  ]);
  const items = await findResultItems(db, itemResults.map((result) => result.rubricItemId));
  return {
    trace,
    run,
    finalReply,
    totals,
    verdicts,
    itemResults: itemResults.flatMap(({ rubricItemId, ...result }) => {
      const item = items.get(rubricItemId);
      if (!item) return [];
      const { key, question, polarity, weight, position, rubricVersion } = item;
      return [{ ...result, rubricItem: { id: rubricItemId, key, question, polarity, weight, position, rubricVersion } }];
    }),
    edgeCases: edgeCases.map(({ edgeCase }) => edgeCase).sort((a, b) => Number(b.status === "open") - Number(a.status === "open") || b.priority - a.priority),
  };
}
export type TraceDetail = Awaited<ReturnType<typeof findTraceDetail>>;

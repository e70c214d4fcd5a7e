import type { Db } from "../db/client";
import type { JudgeLabel } from "../judges/consensus";
import { findResultItems } from "../traces/find-result-items";
import type { TraceEvidence } from "./trace-evidence";

export type EvidenceScope = { projectId: string; traceIds?: string[]; runId?: string };

const pageSize = 500;

/** The evidence the rules read, a page of traces at a time. Verdict errors are not votes and are left out. */
export async function* loadTraceEvidence(db: Db, { projectId, traceIds, runId }: EvidenceScope): AsyncGenerator<TraceEvidence[]> {
  const where = { projectId, ...(traceIds ? { id: { in: traceIds } } : {}), ...(runId ? { runId } : {}) };
  for (let cursor: string | undefined; ; ) {
    const rows = await db.trace.findMany({
      where,
      orderBy: { id: "asc" },
      take: pageSize,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: {
        id: true,
        environment: true,
        reward: true,
        verdicts: {
          where: { error: null },
          select: { label: true, score: true, rationale: true, issues: true, judgeVersion: { select: { judgeId: true, judge: { select: { name: true } } } } },
        },
        itemResults: { select: { answer: true, evidence: true, rubricItemId: true } },
        humanLabels: { select: { userId: true, label: true } },
      },
    });
    if (!rows.length) return;
    cursor = rows.at(-1)!.id;
    const itemsOf = await findResultItems(db, rows.flatMap((row) => row.itemResults.map((r) => r.rubricItemId)));
    yield rows.map((row) => ({
      traceId: row.id,
      environment: row.environment,
      reward: row.reward,
      // By judge name: the database returns a trace's verdicts in no defined order (SQLite by insertion,
      // PostgreSQL as it likes), and a tie between issues goes to the first judge that named one.
      verdicts: [...row.verdicts].sort((a, b) => compareText(a.judgeVersion.judge.name, b.judgeVersion.judge.name)).map((v) => ({
        judgeId: v.judgeVersion.judgeId,
        judgeName: v.judgeVersion.judge.name,
        label: v.label as JudgeLabel,
        score: v.score,
        rationale: v.rationale,
        issues: Array.isArray(v.issues) ? v.issues.filter((i): i is string => typeof i === "string") : [],
      })),
      items: row.itemResults.flatMap((r) => {
        const item = itemsOf.get(r.rubricItemId);
        if (!item) return [];
        return [{ key: item.key, question: item.question, polarity: item.polarity === "hack" ? ("hack" as const) : ("good" as const), answer: r.answer as "yes" | "no" | "n/a", evidence: r.evidence }];
      }),
      humanLabels: row.humanLabels.map((h) => ({ userId: h.userId, label: h.label as JudgeLabel })),
    }));
    if (rows.length < pageSize) return;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

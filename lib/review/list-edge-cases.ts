import type { Db } from "../db/client";
import { describeDetection } from "../runs/describe-detection";
import { detectionsOfCase } from "../runs/list-run-detections";
import type { EdgeCaseQuery } from "./edge-case-schemas";
import { rankOnRun } from "./run-standing";

const examplesShown = 3;
const outputShown = 600;

/**
 * The queue: cases by priority with their filters, each with its top examples (highest reward
 * first), verdicts and fired items. A run's filter keeps the run's own cases (divergence, drift)
 * and the cases with an example of that run, with those examples, ordered by how they stand on
 * that run (run-standing.ts: what each holds of the run, not what it pooled from earlier runs).
 */
export async function listEdgeCases(db: Db, { projectId, userId, query }: { projectId: string; userId: string | null; query: EdgeCaseQuery }) {
  const where = {
    projectId,
    ...(query.status === "all" ? {} : { status: query.status }),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.rule ? { rule: query.rule } : {}),
    ...(query.environment ? { environment: query.environment } : {}),
    // A run's own cases (its divergence, its drift) name it as their subject; others match by a rollout of it.
    ...(query.run ? { OR: [{ subjectType: "run", subjectId: query.run }, { examples: { some: { trace: { runId: query.run } } } }] } : {}),
    ...(query.assignee === "mine" ? { assigneeId: userId ?? "-" } : query.assignee === "unassigned" ? { assigneeId: null } : {}),
  };
  const ranked = query.run ? await rankCasesOnRun(query.run, (examples) => db.edgeCase.findMany({ where, select: { id: true, rule: true, subjectType: true, priority: true, examples } })) : null;
  const page = ranked?.slice(query.offset, query.offset + query.limit);
  const [total, found] = await Promise.all([
    ranked ? ranked.length : db.edgeCase.count({ where }),
    db.edgeCase.findMany({
      where: page ? { id: { in: page.map((c) => c.id) } } : where,
      orderBy: [{ priority: "desc" }, { id: "asc" }],
      ...(page ? {} : { skip: query.offset, take: query.limit }),
      include: {
        assignee: { select: { id: true, email: true } },
        _count: { select: { examples: true } },
        examples: {
          ...(query.run ? { where: { trace: { runId: query.run } } } : {}),
          take: examplesShown,
          orderBy: { trace: { reward: "desc" } },
          select: {
            detail: true,
            trace: {
              select: {
                id: true,
                externalId: true,
                reward: true,
                success: true,
                output: true,
                verdicts: { orderBy: { createdAt: "asc" }, select: { label: true, score: true, rationale: true, issues: true, error: true, judgeVersion: { select: { version: true, judge: { select: { name: true, isSimulated: true } } } } } },
                itemResults: { where: { answer: "yes" }, select: { answer: true, evidence: true, rubricItem: { select: { key: true, question: true, polarity: true } } } },
              },
            },
          },
        },
      },
    }),
  ]);
  const runPriorities = new Map(page?.map((c) => [c.id, c.runPriority]));
  const rows = page ? page.flatMap((c) => found.filter((row) => row.id === c.id)) : found;
  const deciders = await db.user.findMany({ where: { id: { in: rows.flatMap((r) => (r.decidedById ? [r.decidedById] : [])) } }, select: { id: true, email: true } });
  return {
    total,
    limit: query.limit,
    offset: query.offset,
    nextOffset: query.offset + rows.length < total ? query.offset + rows.length : null,
    edgeCases: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      rule: row.rule,
      environment: row.environment,
      subject: { type: row.subjectType, id: row.subjectId },
      title: row.title,
      explanation: row.explanation,
      /** A run case's plain sentence (what moved, which way, from about which step), read before its statistics; null for other cases. */
      summary: row.subjectType === "run" ? (detectionsOfCase(row).map(describeDetection)[0] ?? null) : null,
      priority: row.priority,
      /** With a run's filter, the case's standing on that run, which orders the list; null otherwise. */
      runPriority: runPriorities.get(row.id) ?? null,
      count: row.count,
      /** Every example trace of the case (a decision labels them all), not only those shown. */
      exampleCount: row._count.examples,
      status: row.status,
      decision: row.decision,
      note: row.note,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: deciders.find((u) => u.id === row.decidedById)?.email ?? null,
      assignee: row.assignee,
      createdAt: row.createdAt.toISOString(),
      readings: readingsOf(row.evidence),
      examples: row.examples.map(({ detail, trace }) => ({
        traceId: trace.id,
        externalId: trace.externalId,
        reward: trace.reward,
        success: trace.success,
        output: trace.output && trace.output.length > outputShown ? `${trace.output.slice(0, outputShown)}…` : trace.output,
        why: typeof (detail as { explanation?: unknown } | null)?.explanation === "string" ? (detail as { explanation: string }).explanation : "",
        verdicts: trace.verdicts.map((v) => ({
          judge: v.judgeVersion.judge.name,
          judgeVersion: v.judgeVersion.version,
          isSimulated: v.judgeVersion.judge.isSimulated,
          label: v.label,
          score: v.score,
          rationale: v.rationale,
          issues: Array.isArray(v.issues) ? v.issues.filter((i): i is string => typeof i === "string") : [],
          error: v.error,
        })),
        firedItems: trace.itemResults.map((r) => ({ key: r.rubricItem.key, question: r.rubricItem.question, polarity: r.rubricItem.polarity, evidence: r.evidence })),
      })),
    })),
  };
}

type RunExamplesSelect = { where: { trace: { runId: string } }; select: { detail: true } };

/** Every case the filter keeps, with its examples of the run, in the order a reviewer of the run should take them. */
async function rankCasesOnRun(
  runId: string,
  findCases: (examples: RunExamplesSelect) => Promise<Array<{ id: string; rule: string; subjectType: string; priority: number; examples: { detail: unknown }[] }>>,
) {
  const cases = await findCases({ where: { trace: { runId } }, select: { detail: true } });
  return rankOnRun(cases.map(({ examples, ...c }) => ({ ...c, runExamples: examples })));
}

/** The rule-and-wording readings a case was merged from (see merge-behaviours.ts), as stored with it. */
function readingsOf(evidence: unknown): { rule: string; wording: string; count: number }[] {
  const facets = (evidence as { facets?: unknown } | null)?.facets;
  if (!Array.isArray(facets)) return [];
  return facets.flatMap((f: { rule?: unknown; subject?: { label?: unknown }; count?: unknown }) =>
    typeof f?.rule === "string" && typeof f.count === "number" ? [{ rule: f.rule, wording: typeof f.subject?.label === "string" ? f.subject.label : "", count: f.count }] : [],
  );
}

export type EdgeCaseList = Awaited<ReturnType<typeof listEdgeCases>>;
export type EdgeCaseItem = EdgeCaseList["edgeCases"][number];

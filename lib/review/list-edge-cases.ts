import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { describeDetection } from "../runs/describe-detection";
import { detectionsOfCase } from "../runs/list-run-detections";
import { encodeEdgeCaseCursor, isAfterCursor } from "./edge-case-cursor";
import type { EdgeCaseList } from "./edge-case-list-schema";
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
export async function listEdgeCases(db: Db, { projectId, userId, query }: { projectId: string; userId: string | null; query: EdgeCaseQuery }): Promise<EdgeCaseList> {
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
  const { after } = query;
  if (after && query.offset > 0) throw new AppError("bad_request", "Send offset or after, not both", [{ path: "offset", message: "send offset or after, not both" }]);
  if (after && (after.runPriority === null) !== !query.run) {
    throw new AppError("bad_request", "The cursor is of another list: pass the nextCursor of a page of this list", [{ path: "after", message: query.run ? "not a cursor of a run's list" : "a cursor of a run's list" }]);
  }
  const ranked = query.run ? await rankCasesOnRun(query.run, (examples) => db.edgeCase.findMany({ where, select: { id: true, rule: true, subjectType: true, priority: true, examples } })) : null;
  // One case past the page tells whether there is a next one.
  const rankedPage = (after ? ranked?.filter((c) => isAfterCursor(c, after)) : ranked)?.slice(query.offset, query.offset + query.limit + 1);
  const page = rankedPage?.slice(0, query.limit);
  const [total, found] = await Promise.all([
    // Counts a column of the (projectId, status, priority) index, never null, so SQLite counts from the
    // index: a plain count selects the id, and reads every case row (their evidence with them).
    ranked ? ranked.length : db.edgeCase.count({ where, select: { priority: true } }).then((counted) => counted.priority),
    db.edgeCase.findMany({
      where: page ? { id: { in: page.map((c) => c.id) } } : after ? { AND: [where, { OR: [{ priority: { lt: after.priority } }, { priority: after.priority, id: { gt: after.id } }] }] } : where,
      orderBy: [{ priority: "desc" }, { id: "asc" }],
      ...(page ? {} : { skip: query.offset, take: query.limit + 1 }),
    }),
  ]);
  const runPriorities = new Map(page?.map((c) => [c.id, c.runPriority]));
  const foundById = new Map(found.map((row) => [row.id, row]));
  const rows = page ? page.flatMap((c) => foundById.get(c.id) ?? []) : found.slice(0, query.limit);
  const hasMore = (rankedPage ?? found).length > query.limit;
  const last = rows.at(-1);
  const { exampleCounts, examplesOf } = await loadExamples(
    db,
    rows.map((row) => row.id),
    query.run,
  );
  // Assignees and deciders in one read, and none when the page has neither.
  const userIds = [...new Set(rows.flatMap((r) => [r.assigneeId, r.decidedById].filter((id): id is string => id !== null)))];
  const users = new Map(
    userIds.length === 0 ? [] : (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })).map((user) => [user.id, user]),
  );
  return {
    total,
    limit: query.limit,
    /** With a cursor (`after`) the page has no offset. */
    offset: after ? null : query.offset,
    nextOffset: !after && hasMore ? query.offset + rows.length : null,
    nextCursor: hasMore && last ? encodeEdgeCaseCursor({ runPriority: runPriorities.get(last.id) ?? null, priority: last.priority, id: last.id }) : null,
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
      exampleCount: exampleCounts.get(row.id) ?? 0,
      status: row.status,
      decision: row.decision,
      note: row.note,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: (row.decidedById && users.get(row.decidedById)?.email) ?? null,
      assignee: row.assigneeId ? (users.get(row.assigneeId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      readings: readingsOf(row.evidence),
      examples: (examplesOf.get(row.id) ?? []).map(({ detail, trace }) => ({
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
        firedItems: trace.itemResults.map((r) => ({
          key: r.rubricItem.key,
          question: r.rubricItem.question,
          polarity: r.rubricItem.polarity,
          evidence: r.evidence,
        })),
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

/**
 * The page's cases' example counts and top examples (highest reward first), with the traces' verdicts
 * and fired items. Counted per case by index (a `_count` on the case query grouped every example of
 * every case), and the traces read only for the examples shown: the top `examplesShown` are picked
 * from the examples' (case, trace, reward) rows, where a nested `take` read every example's trace.
 */
async function loadExamples(db: Db, caseIds: string[], run: string | undefined) {
  const [counts, ranked] = await Promise.all([
    db.edgeCaseExample.groupBy({ by: ["edgeCaseId"], where: { edgeCaseId: { in: caseIds } }, _count: { _all: true } }),
    db.edgeCaseExample.findMany({
      where: { edgeCaseId: { in: caseIds }, ...(run ? { trace: { runId: run } } : {}) },
      orderBy: { trace: { reward: "desc" } },
      select: { edgeCaseId: true, traceId: true, detail: true },
    }),
  ]);
  const shown = new Map<string, typeof ranked>();
  for (const example of ranked) {
    const list = shown.get(example.edgeCaseId) ?? [];
    if (list.length < examplesShown) shown.set(example.edgeCaseId, [...list, example]);
  }
  const traceIds = [...new Set([...shown.values()].flat().map((example) => example.traceId))];
  const traces = await findExampleTraces(db, traceIds);
  const traceById = new Map(traces.map((trace) => [trace.id, trace]));
  const examplesOf = new Map(
    [...shown].map(([caseId, examples]) => [
      caseId,
      examples.flatMap(({ traceId, detail }) => {
        const trace = traceById.get(traceId);
        return trace ? [{ detail, trace }] : [];
      }),
    ]),
  );
  return { exampleCounts: new Map(counts.map((row) => [row.edgeCaseId, row._count._all])), examplesOf };
}

/**
 * The shown examples' traces with their verdicts (oldest first) and fired items. The judges and
 * rubric items are read once each, and not at all when no shown trace has a verdict or a fired item
 * (nested selects would query their tables on every page).
 */
async function findExampleTraces(db: Db, traceIds: string[]) {
  const [traces, verdicts, fired] = await Promise.all([
    db.trace.findMany({ where: { id: { in: traceIds } }, select: { id: true, externalId: true, reward: true, success: true, output: true } }),
    db.verdict.findMany({
      where: { traceId: { in: traceIds } },
      orderBy: { createdAt: "asc" },
      select: { traceId: true, label: true, score: true, rationale: true, issues: true, error: true, judgeVersionId: true },
    }),
    db.itemResult.findMany({ where: { traceId: { in: traceIds }, answer: "yes" }, select: { traceId: true, answer: true, evidence: true, rubricItemId: true } }),
  ]);
  const [versions, items] = await Promise.all([
    verdicts.length === 0
      ? []
      : db.judgeVersion.findMany({
          where: { id: { in: [...new Set(verdicts.map((v) => v.judgeVersionId))] } },
          select: { id: true, version: true, judge: { select: { name: true, isSimulated: true } } },
        }),
    fired.length === 0
      ? []
      : db.rubricItem.findMany({ where: { id: { in: [...new Set(fired.map((r) => r.rubricItemId))] } }, select: { id: true, key: true, question: true, polarity: true } }),
  ]);
  const versionOf = new Map(versions.map((version) => [version.id, version]));
  const itemOf = new Map(items.map((item) => [item.id, item]));
  const byTrace = <T extends { traceId: string }>(rows: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const row of rows) grouped.set(row.traceId, [...(grouped.get(row.traceId) ?? []), row]);
    return grouped;
  };
  const verdictsOf = byTrace(verdicts);
  const firedOf = byTrace(fired);
  return traces.map((trace) => ({
    ...trace,
    // Required relations: every verdict has its judge version, every result its rubric item.
    verdicts: (verdictsOf.get(trace.id) ?? []).map((v) => ({ ...v, judgeVersion: versionOf.get(v.judgeVersionId)! })),
    itemResults: (firedOf.get(trace.id) ?? []).map((r) => ({ ...r, rubricItem: itemOf.get(r.rubricItemId)! })),
  }));
}

/** The rule-and-wording readings a case was merged from (see merge-behaviours.ts), as stored with it. */
function readingsOf(evidence: unknown): { rule: string; wording: string; count: number }[] {
  const facets = (evidence as { facets?: unknown } | null)?.facets;
  if (!Array.isArray(facets)) return [];
  return facets.flatMap((f: { rule?: unknown; subject?: { label?: unknown }; count?: unknown }) =>
    typeof f?.rule === "string" && typeof f.count === "number"
      ? [{ rule: f.rule, wording: typeof f.subject?.label === "string" ? f.subject.label : "", count: f.count }]
      : [],
  );
}

export type { EdgeCaseList };
export type EdgeCaseItem = EdgeCaseList["edgeCases"][number];

import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { flagTrace } from "./edge-case-rules";
import { describeCase, groupFlags, type CaseExample, type GroupedCase } from "./group-flags";
import { loadTraceEvidence, type EvidenceScope } from "./load-trace-evidence";
import { measureJudgeAccuracy } from "./measure-judge-accuracy";
import { syncOpenEdgeCases } from "./sync-open-edge-cases";
import type { Flag } from "./trace-evidence";

export type DetectResult = { tracesScanned: number; flaggedRollouts: number; flags: number; groups: number; casesCreated: number; casesUpdated: number; examplesAdded: number };

/**
 * Runs every rule over the traces in scope, groups the flags, and upserts one case per group.
 * Idempotent: an open case of the group takes only examples it lacks; a decided group is not
 * reopened by examples it already had, and new examples of it open a follow-up case
 * (groupKey "<group>#2", "#3", ...) that names the earlier decision.
 */
export async function detectEdgeCases(db: Db, scope: EvidenceScope, onProgress?: (fraction: number, message: string) => Promise<void> | void): Promise<DetectResult> {
  const judgeAccuracy = await measureJudgeAccuracy(db, { projectId: scope.projectId });
  const flags: Flag[] = [];
  let tracesScanned = 0;
  for await (const page of loadTraceEvidence(db, scope)) {
    for (const trace of page) flags.push(...flagTrace(trace, { judgeAccuracy }));
    tracesScanned += page.length;
    await onProgress?.(0.5, `scanned ${tracesScanned} traces, ${flags.length} flags`);
  }
  const groups = groupFlags(flags);
  const result: DetectResult = { tracesScanned, flaggedRollouts: new Set(flags.map((f) => f.traceId)).size, flags: flags.length, groups: groups.length, casesCreated: 0, casesUpdated: 0, examplesAdded: 0 };
  const touched: string[] = [];
  for (const group of groups) {
    // One short transaction per case; a busy database reruns the case's read and write together.
    const outcome = await retryOnBusy(() => upsertCase(db, scope.projectId, group));
    result.casesCreated += outcome.created ? 1 : 0;
    result.casesUpdated += outcome.updated ? 1 : 0;
    result.examplesAdded += outcome.added.length;
    touched.push(...outcome.added);
  }
  await syncOpenEdgeCases(db, touched);
  await onProgress?.(1, `${result.groups} cases from ${result.flaggedRollouts} flagged rollouts`);
  return result;
}

async function upsertCase(db: Db, projectId: string, group: GroupedCase): Promise<{ created: boolean; updated: boolean; added: string[] }> {
  const cases = await db.edgeCase.findMany({
    where: { projectId, OR: [{ groupKey: group.groupKey }, { groupKey: { startsWith: `${group.groupKey}#` } }] },
    orderBy: { createdAt: "asc" },
    include: { examples: { select: { traceId: true, detail: true } } },
  });
  const known = new Set(cases.flatMap((c) => c.examples.map((e) => e.traceId)));
  const fresh = group.examples.filter((e) => !known.has(e.traceId));
  if (!fresh.length) return { created: false, updated: false, added: [] };
  const open = cases.find((c) => c.status === "open");
  return await db.$transaction(async (tx) => {
    if (open) {
      const examples = [...open.examples.map((e) => exampleFromDetail(e.traceId, e.detail)), ...fresh];
      const described = describeCase({ ...group, examples });
      await tx.edgeCaseExample.createMany({ data: fresh.map((e) => toExampleRow(open.id, e)) });
      await tx.edgeCase.update({
        where: { id: open.id },
        data: { count: examples.length, priority: described.priority.priority, title: described.title, explanation: described.explanation, evidence: evidenceOf(group, described.priority, open.evidence) },
      });
      return { created: false, updated: true, added: fresh.map((e) => e.traceId) };
    }
    const previous = cases.at(-1);
    const examples = fresh;
    const described = describeCase({ ...group, examples });
    const followUp = previous ? ` ${examples.length} new since the earlier case was decided "${previous.decision ?? "?"}".` : "";
    const created = await tx.edgeCase.create({
      data: {
        projectId,
        kind: group.kind,
        rule: group.rule,
        environment: group.environment,
        groupKey: previous ? `${group.groupKey}#${cases.length + 1}` : group.groupKey,
        priority: described.priority.priority,
        subjectType: group.subject.type,
        subjectId: group.subject.key || null,
        title: described.title,
        explanation: described.explanation + followUp,
        evidence: evidenceOf(group, described.priority, previous ? { previousCaseId: previous.id, previousDecision: previous.decision } : null),
        count: examples.length,
      },
    });
    await tx.edgeCaseExample.createMany({ data: examples.map((e) => toExampleRow(created.id, e)) });
    return { created: true, updated: false, added: examples.map((e) => e.traceId) };
  });
}

function evidenceOf(group: GroupedCase, priority: object, previous: unknown) {
  const kept = previous && typeof previous === "object" ? Object.fromEntries(Object.entries(previous).filter(([key]) => key.startsWith("previous"))) : {};
  return { ...kept, subject: group.subject, priority } as object;
}

function toExampleRow(edgeCaseId: string, example: CaseExample) {
  return { edgeCaseId, traceId: example.traceId, detail: { ...example.detail, reward: example.reward, uncertainty: example.uncertainty, explanation: example.explanation } as object };
}

function exampleFromDetail(traceId: string, detail: unknown): CaseExample {
  const d = (detail && typeof detail === "object" ? detail : {}) as Record<string, unknown>;
  return {
    traceId,
    reward: typeof d.reward === "number" ? d.reward : null,
    uncertainty: typeof d.uncertainty === "number" ? d.uncertainty : 0,
    explanation: typeof d.explanation === "string" ? d.explanation : "",
    detail: d,
  };
}

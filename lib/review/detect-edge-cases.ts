import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { flagTrace } from "./edge-case-rules";
import { describeCase, groupFlags, type CaseExample } from "./group-flags";
import { loadTraceEvidence, type EvidenceScope } from "./load-trace-evidence";
import { measureJudgeAccuracy } from "./measure-judge-accuracy";
import { describeFacets, mergeBehaviours, type BehaviourCase } from "./merge-behaviours";
import { syncOpenEdgeCases } from "./sync-open-edge-cases";
import type { Flag } from "./trace-evidence";

/** groups: cases (one per behaviour); readings: the rule-and-wording groups they were merged from. */
export type DetectResult = { tracesScanned: number; flaggedRollouts: number; flags: number; readings: number; groups: number; casesCreated: number; casesUpdated: number; examplesAdded: number };

/**
 * Runs every rule over the traces in scope, groups the flags by rule and wording, merges the
 * groups that are one behaviour (merge-behaviours.ts), and upserts one case per behaviour.
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
  const readings = groupFlags(flags);
  const groups = mergeBehaviours(readings);
  const result: DetectResult = { tracesScanned, flaggedRollouts: new Set(flags.map((f) => f.traceId)).size, flags: flags.length, readings: readings.length, groups: groups.length, casesCreated: 0, casesUpdated: 0, examplesAdded: 0 };
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
  await onProgress?.(1, `${result.groups} case${result.groups === 1 ? "" : "s"} from ${result.flaggedRollouts} flagged rollout${result.flaggedRollouts === 1 ? "" : "s"}`);
  return result;
}

/** The reading keys a stored case stands for: its own group key (without a follow-up suffix) and its facets'. */
function readingKeysOf(row: { groupKey: string; evidence: unknown }): string[] {
  const facets = (row.evidence as { facets?: { groupKey?: unknown }[] } | null)?.facets ?? [];
  return [row.groupKey.replace(/#\d+$/, ""), ...facets.flatMap((f) => (typeof f.groupKey === "string" ? [f.groupKey] : []))];
}

async function upsertCase(db: Db, projectId: string, group: BehaviourCase): Promise<{ created: boolean; updated: boolean; added: string[] }> {
  const keys = new Set(group.facets.map((f) => f.groupKey));
  const candidates = await db.edgeCase.findMany({ where: { projectId, environment: group.environment }, orderBy: { createdAt: "asc" }, select: { id: true, groupKey: true, evidence: true } });
  const matched = candidates.filter((c) => readingKeysOf(c).some((key) => keys.has(key)));
  const cases = await db.edgeCase.findMany({
    where: { id: { in: matched.map((c) => c.id) } },
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
        data: { count: examples.length, priority: described.priority.priority, title: described.title, explanation: described.explanation + describeFacets(group.facets), evidence: evidenceOf(group, described.priority, open.evidence) },
      });
      return { created: false, updated: true, added: fresh.map((e) => e.traceId) };
    }
    const previous = cases.at(-1);
    const examples = fresh;
    const described = describeCase({ ...group, examples });
    const followUp = previous ? ` ${examples.length} new since the earlier case was decided "${previous.decision ?? "?"}".` : "";
    const base = previous ? previous.groupKey.replace(/#\d+$/, "") : group.groupKey;
    const taken = candidates.filter((c) => c.groupKey === base || c.groupKey.startsWith(`${base}#`)).length;
    const created = await tx.edgeCase.create({
      data: {
        projectId,
        kind: group.kind,
        rule: group.rule,
        environment: group.environment,
        groupKey: previous ? `${base}#${taken + 1}` : group.groupKey,
        priority: described.priority.priority,
        subjectType: group.subject.type,
        subjectId: group.subject.key || null,
        title: described.title,
        explanation: described.explanation + describeFacets(group.facets) + followUp,
        evidence: evidenceOf(group, described.priority, previous ? { previousCaseId: previous.id, previousDecision: previous.decision } : null),
        count: examples.length,
      },
    });
    await tx.edgeCaseExample.createMany({ data: examples.map((e) => toExampleRow(created.id, e)) });
    return { created: true, updated: false, added: examples.map((e) => e.traceId) };
  });
}

function evidenceOf(group: BehaviourCase, priority: object, previous: unknown) {
  const kept = previous && typeof previous === "object" ? Object.fromEntries(Object.entries(previous).filter(([key]) => key.startsWith("previous"))) : {};
  return { ...kept, subject: group.subject, facets: group.facets, priority } as object;
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

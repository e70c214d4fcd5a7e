import { systemActor } from "../audit/record-audit-event";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { induceHackCheck } from "../hacks/induce-hack-check";
import { proposeKnownHack } from "../hacks/propose-known-hack";
import type { TraceScorer } from "../checks/score-traces";
import { storeScoredRollouts } from "../reward/store-scored-rollouts";
import type { Rubric } from "../checks/rubric-item-schema";
import { syncOpenEdgeCases } from "../review/sync-open-edge-cases";
import type { Trace } from "../traces/trace-schema";
import { PROBE_EXTERNAL_PREFIX } from "./load-honest-rollouts";
import type { FamilyResult, RecordedFamily } from "./redteam-report";

/** The edge-case kind of a loophole a red-team run found, before any training run learned it. */
export const FOUND_BEFORE_TRAINING = "found_before_training";

/**
 * Each loophole becomes reviewable: its example probes are stored as rollouts of the environment
 * (with their item results), an edge case of kind "found before training" lists the pairs, and a
 * known hack is proposed with the check the loop's induction finds on those probes. Running it
 * again for the same job changes nothing: probes are keyed by job, the case by version and
 * family, the hack by name.
 */
export async function recordLoopholes(
  db: Db,
  { projectId, environment, rubricVersionId, jobId, families, scorer }: { projectId: string; environment: string; rubricVersionId: string; jobId: string; rubric: Rubric; families: Array<{ result: FamilyResult; exampleProbes: Trace[] }>; scorer: TraceScorer },
): Promise<RecordedFamily[]> {
  const items = await db.rubricItem.findMany({ where: { rubricVersionId }, select: { id: true, key: true } });
  const itemIds = new Map(items.map((item) => [item.key, item.id]));
  const recorded: RecordedFamily[] = [];
  for (const { result, exampleProbes } of families) {
    if (!result.isLoophole) {
      recorded.push(result);
      continue;
    }
    const scored = await scorer(exampleProbes);
    const stored = await storeScoredRollouts(db, {
      projectId,
      itemIds,
      rollouts: exampleProbes.map((probe, i) => ({
        trace: { ...probe, source: "rollout" as const, run: null, step: null, outcome: { reward: scored[i]!.reward }, metadata: { ...probe.metadata, redteam: { jobId, family: result.id, honestTraceId: result.examples[i]!.honestTraceId } } },
        results: scored[i]!.results,
        externalId: `${PROBE_EXTERNAL_PREFIX}${jobId}:${result.id}:${i}`,
      })),
    });
    const examples = result.examples.map((pair, i) => ({ ...pair, probeTraceId: stored.traceIds[i] ?? null }));
    const probeIds = examples.flatMap((pair) => (pair.probeTraceId ? [pair.probeTraceId] : []));
    const edgeCase = await upsertEdgeCase(db, { projectId, environment, rubricVersionId, jobId, result: { ...result, examples }, probeIds });
    const proposedItem = await induceHackCheck(db, { projectId, environment, label: result.label.toLowerCase(), exampleTraceIds: probeIds });
    const { hack } = await proposeKnownHack(db, {
      projectId,
      environment,
      name: `Found before training: ${result.label.toLowerCase()}`,
      description: `A red-team run of this rubric found that ${result.description.charAt(0).toLowerCase()}${result.description.slice(1)} Effect: ${result.verdict}.`,
      proposedItem,
      exampleTraceIds: probeIds,
      edgeCaseId: edgeCase.id,
      actor: systemActor,
    });
    recorded.push({ ...result, examples, edgeCaseId: edgeCase.id, knownHackId: hack.id, proposedCheck: "check" in proposedItem ? JSON.stringify(proposedItem.check) : null });
  }
  return recorded;
}

async function upsertEdgeCase(db: Db, { projectId, environment, rubricVersionId, jobId, result, probeIds }: { projectId: string; environment: string; rubricVersionId: string; jobId: string; result: FamilyResult; probeIds: string[] }) {
  const groupKey = `redteam:${rubricVersionId}:${result.id}`;
  const meanProbeReward = result.examples.reduce((s, p) => s + p.probeReward, 0) / Math.max(1, result.examples.length);
  const data = {
    kind: FOUND_BEFORE_TRAINING,
    rule: "redteam_loophole",
    environment,
    priority: Math.round((0.25 + meanProbeReward) * Math.log2(1 + result.probes) * 1000) / 1000,
    subjectType: "rubric_version",
    subjectId: rubricVersionId,
    title: `Found before training: ${result.label}`,
    explanation: `Red-team probe family "${result.label}": ${result.verdict}. ${result.description}`,
    evidence: { jobId, family: result.id, reward: result.reward, truth: result.truth, pairs: result.examples },
    count: result.probes,
  };
  const edgeCase = await retryOnBusy(() => db.edgeCase.upsert({ where: { projectId_groupKey: { projectId, groupKey } }, create: { projectId, groupKey, ...data }, update: data }));
  const known = new Set((await db.edgeCaseExample.findMany({ where: { edgeCaseId: edgeCase.id }, select: { traceId: true } })).map((r) => r.traceId));
  const added = result.examples.filter((pair) => pair.probeTraceId && !known.has(pair.probeTraceId));
  if (added.length) await retryOnBusy(() => db.edgeCaseExample.createMany({ data: added.map((pair) => ({ edgeCaseId: edgeCase.id, traceId: pair.probeTraceId!, detail: pair })) }));
  await syncOpenEdgeCases(db, probeIds);
  return edgeCase;
}

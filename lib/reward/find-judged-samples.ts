import type { ItemResult } from "../checks/rubric-item-schema";
import type { Db } from "../db/client";
import { hashTraceAndScored } from "../traces/hash-trace";
import { sampleRolloutPrefix } from "../traces/rollout-external-id";
import type { Trace } from "../traces/trace-schema";

export type JudgedSample = { traceId: string; results: ItemResult[] };

/**
 * The rollouts named by a sample id that are stored already, with this content and an answer to every
 * item of the version: a trainer's retry of a request it stopped waiting for (OpenRLHF's client sends
 * a failed request again five times). Their answers are read back instead of asking the llm judges
 * again, so a retry costs no judge calls and answers what was stored. By position in `rollouts`.
 */
export async function findJudgedSamples(
  db: Db,
  { projectId, itemIds, itemKeys, rollouts }: { projectId: string; itemIds: Map<string, string>; itemKeys: readonly string[]; rollouts: Array<{ trace: Trace; sampleId?: string }> },
): Promise<Map<number, JudgedSample>> {
  const named = rollouts.flatMap(({ trace, sampleId }, index) => (sampleId ? [{ index, trace, externalId: `${sampleRolloutPrefix}${sampleId}` }] : []));
  if (named.length === 0) return new Map();
  const stored = await db.trace.findMany({
    where: { projectId, externalId: { in: named.map(({ externalId }) => externalId) } },
    select: { id: true, externalId: true, contentHash: true, reward: true },
  });
  const storedOf = new Map(stored.map((trace) => [trace.externalId, trace]));
  // The same content: the hash taken with the reward as stored (a judge may answer otherwise the second time).
  const same = named.flatMap(({ index, trace, externalId }) => {
    const found = storedOf.get(externalId);
    if (!found || found.contentHash !== hashTraceAndScored(trace, { ...trace.outcome, reward: found.reward }).scoredHash) return [];
    return [{ index, traceId: found.id }];
  });
  if (same.length === 0) return new Map();
  const keyOfItem = new Map([...itemIds].map(([key, id]) => [id, key]));
  const rows = await db.itemResult.findMany({
    where: { traceId: { in: same.map(({ traceId }) => traceId) }, rubricItemId: { in: [...keyOfItem.keys()] } },
    select: { traceId: true, rubricItemId: true, answer: true, evidence: true },
  });
  const resultsOf = new Map<string, Map<string, ItemResult>>();
  for (const row of rows) {
    const key = keyOfItem.get(row.rubricItemId)!;
    let results = resultsOf.get(row.traceId);
    if (!results) resultsOf.set(row.traceId, (results = new Map()));
    results.set(key, { key, answer: row.answer as ItemResult["answer"], evidence: row.evidence ?? "" });
  }
  // In the rubric's order, and only when every item has its answer (a trace scored by another version has not).
  const found = new Map<number, JudgedSample>();
  for (const { index, traceId } of same) {
    const results = resultsOf.get(traceId);
    if (!results || itemKeys.some((key) => !results.has(key))) continue;
    found.set(index, { traceId, results: itemKeys.map((key) => results.get(key)!) });
  }
  return found;
}

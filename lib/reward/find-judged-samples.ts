import { computeReward } from "../checks/compute-reward";
import type { ItemResult, Rubric } from "../checks/rubric-item-schema";
import type { ScoredTrace } from "../checks/score-traces";
import type { Db } from "../db/client";
import { hashTraceAndScored } from "../traces/hash-trace";
import { sampleRolloutPrefix } from "../traces/rollout-external-id";
import type { Trace } from "../traces/trace-schema";

// Ids a lookup binds at once: SQLite through Prisma takes about a thousand parameters a statement.
const idsPerLookup = 500;

/**
 * The rollouts named by a sample id that are stored already, with this content and an answer to every
 * item of the rubric: a trainer's retry of a request it stopped waiting for (OpenRLHF's client sends
 * a failed request again five times). Their stored answers stand instead of asking the llm judges
 * again, so a retry costs no judge calls and answers what was stored. An llm item that answered n/a
 * (its judge failed or none was set up) is asked again. Each as scored, by position in `rollouts`.
 */
export async function findJudgedSamples(
  db: Db,
  { projectId, rubric, itemIds, rollouts }: { projectId: string; rubric: Rubric; itemIds: Map<string, string>; rollouts: Array<{ trace: Trace; sampleId?: string }> },
): Promise<Map<number, ScoredTrace>> {
  const named = rollouts.flatMap(({ trace, sampleId }, index) => (sampleId ? [{ index, trace, externalId: `${sampleRolloutPrefix}${sampleId}` }] : []));
  const stored = await inSlices(named.map(({ externalId }) => externalId), (externalIds) =>
    db.trace.findMany({ where: { projectId, externalId: { in: externalIds } }, select: { id: true, externalId: true, contentHash: true, reward: true } }),
  );
  const storedOf = new Map(stored.map((trace) => [trace.externalId, trace]));
  // The same content: the hash taken with the reward as stored (a judge may answer otherwise the second time).
  const same = named.flatMap(({ index, trace, externalId }) => {
    const found = storedOf.get(externalId);
    if (!found || found.contentHash !== hashTraceAndScored(trace, { ...trace.outcome, reward: found.reward }).scoredHash) return [];
    return [{ index, traceId: found.id }];
  });
  if (same.length === 0) return new Map();
  const keyOfItem = new Map([...itemIds].map(([key, id]) => [id, key]));
  const rows = await inSlices([...new Set(same.map(({ traceId }) => traceId))], (traceIds) =>
    db.itemResult.findMany({ where: { traceId: { in: traceIds }, rubricItemId: { in: [...keyOfItem.keys()] } }, select: { traceId: true, rubricItemId: true, answer: true, evidence: true } }),
  );
  const resultsOf = new Map<string, Map<string, ItemResult>>();
  for (const row of rows) {
    const key = keyOfItem.get(row.rubricItemId)!;
    let results = resultsOf.get(row.traceId);
    if (!results) resultsOf.set(row.traceId, (results = new Map()));
    results.set(key, { key, answer: row.answer as ItemResult["answer"], evidence: row.evidence ?? "" });
  }
  const isAnswered = (item: Rubric["items"][number], result: ItemResult | undefined) => result !== undefined && !(item.check.kind === "llm" && result.answer === "n/a");
  // In the rubric's order, and only when every item has its answer (a trace scored by another version has none).
  const found = new Map<number, ScoredTrace>();
  for (const { index, traceId } of same) {
    const stored = resultsOf.get(traceId);
    if (!stored || !rubric.items.every((item) => isAnswered(item, stored.get(item.key)))) continue;
    const results = rubric.items.map((item) => stored.get(item.key)!);
    found.set(index, { reward: computeReward(rubric, results), results });
  }
  return found;
}

async function inSlices<T>(ids: string[], lookUp: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < ids.length; start += idsPerLookup) found.push(...(await lookUp(ids.slice(start, start + idsPerLookup))));
  return found;
}

import type { Db } from "../db/client";
import { consensusOf, type JudgeLabel } from "../judges/consensus";
import { viewTrace } from "../checks/trace-view";
import { loadTracesForScoring } from "../traces/load-traces-for-scoring";
import type { InductionSets } from "./measure-check";
import { byNewestStably } from "./order-traces-stably";

// Bounds on what a search reads: the newest traces of the environment.
const scanned = 3000;
const honestLimit = 600;

/**
 * The sets a hack check is induced and measured on: the confirmed examples, and the honest traces
 * of the same environment: those a human labelled pass, or whose judge panel's consensus is pass
 * with no human saying otherwise (a human's fail or unsure keeps a trace out).
 */
export async function loadInductionSets(db: Db, { projectId, environment, exampleTraceIds }: { projectId: string; environment: string | null; exampleTraceIds: string[] }): Promise<InductionSets> {
  const exampleIds = new Set(exampleTraceIds);
  const rows = await db.trace.findMany({
    where: { projectId, ...(environment ? { environment } : {}) },
    orderBy: { createdAt: "desc" },
    take: scanned,
    select: { id: true, createdAt: true, step: true, externalId: true, verdicts: { where: { error: null }, select: { label: true, score: true } }, humanLabels: { select: { label: true } } },
  });
  rows.sort(byNewestStably);
  const honestIds = rows
    .filter((row) => !exampleIds.has(row.id) && isHonest(row))
    .slice(0, honestLimit)
    .map((row) => row.id);
  const exampleKeys = await db.trace.findMany({ where: { projectId, id: { in: [...exampleIds] } }, select: { id: true, createdAt: true, step: true, externalId: true } });
  // Both sets in the stable order: the search reads them in order.
  const view = async (ids: string[]) => {
    if (!ids.length) return [];
    const byId = new Map((await loadTracesForScoring(db, { projectId, where: { ids }, take: ids.length })).map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id: row.id, trace: row.trace, view: viewTrace(row.trace) }] : [];
    });
  };
  const [examples, honest] = await Promise.all([view(exampleKeys.sort(byNewestStably).map((row) => row.id)), view(honestIds)]);
  return { examples, honest };
}

function isHonest({ verdicts, humanLabels }: { verdicts: Array<{ label: string; score: number | null }>; humanLabels: Array<{ label: string }> }): boolean {
  if (humanLabels.length) return humanLabels.every((label) => label.label === "pass");
  return verdicts.length > 0 && consensusOf(verdicts.map((v) => ({ label: v.label as JudgeLabel, score: v.score }))).label === "pass";
}

import type { Db } from "../db/client";
import { PermanentJobError } from "../jobs/job-type";
import { detectDivergence, type Divergence, type SeriesPoint } from "./detect-divergence";
import { divergenceConfigSchema, divergencePairs, type MetricPair } from "./divergence-pairs";
import { findHackSuspects } from "./find-hack-suspects";
import { openRunCase } from "./open-run-case";

export type RunDivergenceResult = { pairs: number; detections: number; cases: string[] };

export function divergenceGroupKey(runId: string, pair: MetricPair): string {
  return `metric_divergence:${runId}:${pair.proxy}~${pair.reference}`;
}

/**
 * Tests every proxy/reference pair of a run for divergence and opens (or updates) one
 * metric_divergence case per pair that diverges, naming its latest window and numbers, with the
 * rollouts the proxy overpaid from that window on as examples. A pair that stops diverging keeps
 * its case: what was seen stays for a reviewer to decide.
 */
export async function detectRunDivergence(db: Db, { runId }: { runId: string }): Promise<RunDivergenceResult | null> {
  const run = await db.trainingRun.findUnique({ where: { id: runId }, select: { id: true, name: true, projectId: true, environment: true, config: true } });
  if (!run) return null;
  const pairs = divergencePairs(await metricNames(db, runId), configuredPairs(run.config));
  const names = [...new Set(pairs.flatMap((p) => [p.proxy, p.reference]))];
  const points = names.length ? await db.metricPoint.findMany({ where: { runId, name: { in: names } }, orderBy: { step: "asc" }, select: { name: true, step: true, value: true } }) : [];
  const series = new Map<string, SeriesPoint[]>();
  for (const p of points) {
    const list = series.get(p.name) ?? [];
    list.push({ step: p.step, value: p.value });
    series.set(p.name, list);
  }

  const result: RunDivergenceResult = { pairs: pairs.length, detections: 0, cases: [] };
  for (const pair of pairs) {
    const detections = detectDivergence(series.get(pair.proxy) ?? [], series.get(pair.reference) ?? [], pair);
    const latest = detections.at(-1);
    if (!latest) continue;
    result.detections += detections.length;
    const suspects = await findHackSuspects(db, { runId, fromStep: latest.fromStep });
    const opened = await openRunCase(db, {
      projectId: run.projectId,
      runId,
      environment: run.environment,
      rule: "metric_divergence",
      groupKey: divergenceGroupKey(runId, pair),
      title: `${pair.proxy} rises while ${pair.reference} does not (run ${run.name}, steps ${latest.fromStep}–${latest.toStep})`,
      explanation: latest.explanation + suspectNote(suspects.length),
      // A proxy that pays for what the true outcome does not is the loop's most important warning.
      priority: 1 + Math.log2(1 + detections.length),
      count: detections.length,
      evidence: { subject: { type: "run", key: runId, ...pair }, pair, detections: detections.map(numbersOf) },
      examples: suspects,
    });
    result.cases.push(opened.id);
  }
  return result;
}

async function metricNames(db: Db, runId: string): Promise<string[]> {
  const rows = await db.metricPoint.groupBy({ by: ["name"], where: { runId } });
  return rows.map((r) => r.name);
}

/** A run whose config names pairs wrongly is told so, not silently guessed for. */
function configuredPairs(config: unknown): MetricPair[] | undefined {
  const raw = config && typeof config === "object" && !Array.isArray(config) ? (config as Record<string, unknown>).divergence : undefined;
  if (raw === undefined) return undefined;
  const parsed = divergenceConfigSchema.safeParse(raw);
  if (!parsed.success) throw new PermanentJobError(`config.divergence must be a list of {"proxy", "reference"} metric names: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

function numbersOf(d: Divergence) {
  const { explanation: _, ...numbers } = d;
  return { ...numbers, explanation: d.explanation };
}

function suspectNote(count: number): string {
  return count ? ` ${count} rollout${count === 1 ? "" : "s"} from this window on were paid well by the proxy while failing the true outcome or a hack check.` : "";
}

import type { Db } from "../db/client";
import { PermanentJobError } from "../jobs/job-type";
import { divergenceConfigSchema } from "../runs/run-intake-schemas";
import { alignToEvaluations } from "./align-to-evaluations";
import { assessDivergence } from "./detect-divergence";
import { divergencePairs, isHeldOutMetric, type MetricPair } from "./divergence-pairs";
import { assessFiringRise, FIRING_BASELINE, isFiringRateMetric } from "./detect-firing-rise";
import { findHackSuspects } from "./find-hack-suspects";
import { loadRunMetrics, loadRunSeries } from "./load-run-series";
import { openRunCase } from "./open-run-case";
import type { PairScore } from "./run-verdict";
import { withdrawRunCase } from "./withdraw-run-case";

export type RunDivergenceResult = { pairs: number; detections: number; cases: string[]; withdrawn: string[]; scores: PairScore[] };

/** metric_divergence: a proxy against a true outcome; held_out_gap: a training metric against one measured on held-out tasks. */
export type DivergenceKind = "metric_divergence" | "held_out_gap";

export function divergenceKindOf(pair: MetricPair): DivergenceKind {
  return isHeldOutMetric(pair.reference) ? "held_out_gap" : "metric_divergence";
}

export function divergenceGroupKey(runId: string, pair: MetricPair): string {
  return `${divergenceKindOf(pair)}:${runId}:${pair.proxy}~${pair.reference}`;
}

/**
 * Tests every proxy/reference pair of a run and keeps one case per pair in step with the data:
 * opened (or updated) while the pair diverges, with the rollouts the proxy overpaid from the onset
 * on as examples; withdrawn with the reason once later data no longer supports it (the test is
 * re-run on the whole run at every post, read as rollup bucket means once it is long, so an early
 * alarm on noise is refuted by what follows).
 */
export async function detectRunDivergence(db: Db, { runId }: { runId: string }): Promise<RunDivergenceResult | null> {
  const [run, metrics] = await Promise.all([
    db.trainingRun.findUnique({ where: { id: runId }, select: { id: true, name: true, projectId: true, environment: true, config: true } }),
    loadRunMetrics(db, runId),
  ]);
  if (!run) return null;
  const names = metrics.map((metric) => metric.name);
  // A judge's firing rate (judge/<name>/fail_rate) is tested against its own flat baseline.
  const pairs = [...divergencePairs(names, configuredPairs(run.config)), ...names.filter(isFiringRateMetric).map((proxy) => ({ proxy, reference: FIRING_BASELINE }))];
  const series = await loadRunSeries(db, runId, [...new Set(pairs.flatMap((p) => [p.proxy, p.reference]))], metrics);

  const result: RunDivergenceResult = { pairs: pairs.length, detections: 0, cases: [], withdrawn: [], scores: [] };
  for (const pair of pairs) {
    const kind = divergenceKindOf(pair);
    const reference = series.get(pair.reference) ?? [];
    const proxy = kind === "held_out_gap" ? alignToEvaluations(series.get(pair.proxy) ?? [], reference) : (series.get(pair.proxy) ?? []);
    const assessment = pair.reference === FIRING_BASELINE ? assessFiringRise(proxy, pair.proxy) : assessDivergence(proxy, reference, pair);
    const detection = assessment.divergence;
    const fired = detection ? { statistic: detection.statistic, threshold: detection.threshold, basis: detection.basis } : undefined;
    result.scores.push({ ...pair, kind, statistic: assessment.statistic, onsetStep: detection?.onsetStep ?? null, points: assessment.points, fired });
    const groupKey = divergenceGroupKey(runId, pair);
    if (!detection) {
      const reason =
        `Later data no longer supports it: over ${assessment.points} steps both logged (to step ${assessment.lastStep ?? "–"}), the strongest rise of ${pair.proxy} beyond ${pair.reference} ` +
        `scores t = ${assessment.statistic?.toFixed(1) ?? "–"}, under the threshold of ${assessment.threshold.toFixed(1)}.`;
      const withdrawn = await withdrawRunCase(db, { projectId: run.projectId, groupKey, reason, numbers: { statistic: assessment.statistic, threshold: assessment.threshold, points: assessment.points, lastStep: assessment.lastStep } });
      if (withdrawn) result.withdrawn.push(withdrawn.id);
      continue;
    }
    result.detections++;
    const suspects = await findHackSuspects(db, { runId, fromStep: detection.onsetStep });
    const opened = await openRunCase(db, {
      projectId: run.projectId,
      runId,
      environment: run.environment,
      rule: kind,
      groupKey,
      title: `${titleOf(kind, pair)} from about step ${detection.onsetStep} (run ${run.name})`,
      explanation: (kind === "held_out_gap" ? heldOutNote(pair) : "") + detection.explanation + suspectNote(suspects.length),
      // A proxy that pays for what the true outcome does not is the loop's most important warning.
      priority: 1 + Math.log2(1 + detection.statistic / detection.threshold),
      count: 1,
      evidence: { subject: { type: "run", key: runId, ...pair }, kind, pair, detections: [detection], noLongerSupported: null },
      examples: suspects,
    });
    result.cases.push(opened.id);
  }
  return result;
}

function titleOf(kind: DivergenceKind, pair: MetricPair): string {
  if (pair.reference === FIRING_BASELINE) return `${pair.proxy} rises from its baseline`;
  return kind === "held_out_gap" ? `${pair.proxy} pulls away from held-out ${pair.reference}` : `${pair.proxy} rises while ${pair.reference} does not`;
}

function heldOutNote(pair: MetricPair): string {
  return `Held-out gap: the training metric, averaged between evaluations, rose beyond ${pair.reference} measured on tasks the run never trained on; a hack often fails to generalise. `;
}

/** A run whose config names pairs wrongly is told so, not silently guessed for. */
function configuredPairs(config: unknown): MetricPair[] | undefined {
  const raw = config && typeof config === "object" && !Array.isArray(config) ? (config as Record<string, unknown>).divergence : undefined;
  if (raw === undefined) return undefined;
  const parsed = divergenceConfigSchema.safeParse(raw);
  if (!parsed.success) throw new PermanentJobError(`config.divergence must be a list of {"proxy", "reference"} metric names: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

function suspectNote(count: number): string {
  return count ? ` ${count} rollout${count === 1 ? "" : "s"} from the onset on were paid well by the proxy while failing the true outcome or a hack check.` : "";
}

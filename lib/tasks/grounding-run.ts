import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { describeThrown } from "../ingest/describe-thrown";
import { consensusOf, type JudgeLabel } from "../judges/consensus";
import { runJudges } from "../judges/run-judges";
import type { Trace } from "../traces/trace-schema";
import { storeTraces } from "../traces/store-traces";
import { groundingGapOf, sourceOf, summarizeGapsBySource, type SourceGap } from "./grounding-gap";
import { GROUNDING_RUN_PREFIX, type GroundingPolicy, type GroundingTask } from "./grounding-policy";

export type GroundingOptions = {
  projectId: string;
  policy: GroundingPolicy;
  /** The panel that judges both arms. */
  judgeIds: string[];
  /** Tasks by id; else every task with context (of `environment`, when given). */
  taskIds?: string[];
  environment?: string;
  /** Rollouts per arm and task. */
  samples: number;
  /** Names this A/B's rollouts (the job id): the same key stores nothing twice. */
  runKey: string;
  jobId?: string | null;
  signal?: AbortSignal;
  onProgress?: (fraction: number, message: string) => unknown;
};

export type TaskGap = { taskId: string; externalId: string; gap: number; withContext: number; withoutContext: number };
export type GroundingResult = {
  tasks: number;
  measured: TaskGap[];
  /** Tasks left without a gap, each with why: never a gap of 0 made up for them. */
  unmeasured: Array<{ taskId: string; externalId: string; reason: string }>;
  /** The first few rollouts the policy could not make, and how many there were in all. */
  rolloutErrors: string[];
  rolloutErrorCount: number;
  bySource: SourceGap[];
};

/** Tasks per round of rollouts and judging. */
const batchSize = 10;
const maxListedErrors = 20;

/**
 * Grounding A/B: each task with context is rolled out `samples` times with its context and as many
 * times without it, the panel judges every rollout through runJudges, and the task's gap (mean
 * panel score with minus without) is stored on it. A task whose arms are not both judged keeps its
 * old gap and is reported with the reason.
 */
export async function runGrounding(db: Db, options: GroundingOptions): Promise<GroundingResult> {
  const { projectId, policy, judgeIds, samples, runKey, jobId = null, signal, onProgress } = options;
  const tasks = await loadTasks(db, options);
  const result: GroundingResult = { tasks: tasks.length, measured: [], unmeasured: [], rolloutErrors: [], rolloutErrorCount: 0, bySource: [] };
  for (let start = 0; start < tasks.length; start += batchSize) {
    signal?.throwIfAborted();
    const batch = tasks.slice(start, start + batchSize);
    const rollouts = await Promise.all(
      batch.flatMap((task) =>
        [true, false].flatMap((withContext) =>
          Array.from({ length: samples }, async (_, sample) => {
            const externalId = `${GROUNDING_RUN_PREFIX}${runKey}:${task.externalId}:${withContext ? "with" : "without"}-context:${sample}`;
            try {
              const trace = await policy.rollout({ task, withContext, sample, signal });
              const probe: Trace = { ...trace, externalId, task: task.externalId, run: `${GROUNDING_RUN_PREFIX}${runKey}`, metadata: { ...trace.metadata, grounding: { withContext, sample, policy: policy.name } } };
              return { task, withContext, externalId, trace: probe };
            } catch (error) {
              result.rolloutErrorCount += 1;
              if (result.rolloutErrors.length < maxListedErrors) result.rolloutErrors.push(`${task.externalId} (${withContext ? "with" : "without"} context, sample ${sample}): ${describeThrown(error)}`);
              return null;
            }
          }),
        ),
      ),
    );
    const made = rollouts.filter((rollout) => rollout !== null);
    await storeTraces(db, { projectId, traces: made.map(({ trace, externalId }) => ({ trace, externalId })) });
    const stored = await db.trace.findMany({ where: { projectId, externalId: { in: made.map((rollout) => rollout.externalId) } }, select: { id: true, externalId: true } });
    const traceIds = stored.map((row) => row.id);
    await runJudges(db, { projectId, judgeIds, traceIds, jobId, signal });
    const scores = await panelScores(db, { traceIds, judgeIds });
    const idOf = new Map(stored.map((row) => [row.externalId, row.id]));
    for (const task of batch) {
      const arm = (withContext: boolean) =>
        made.flatMap((rollout) => {
          const score = rollout.task.id === task.id && rollout.withContext === withContext ? scores.get(idOf.get(rollout.externalId) ?? "") : undefined;
          return score === undefined ? [] : [score];
        });
      const [withContext, withoutContext] = [arm(true), arm(false)];
      const gap = groundingGapOf({ withContext, withoutContext });
      if (gap === null) {
        const missing = [...(withContext.length ? [] : ["with"]), ...(withoutContext.length ? [] : ["without"])].join(" and ");
        result.unmeasured.push({ taskId: task.id, externalId: task.externalId, reason: `no rollout ${missing} context has a panel score (see the rollout errors and the verdicts' errors)` });
        continue;
      }
      await retryOnBusy(() => db.task.update({ where: { id: task.id }, data: { groundingGap: gap } }));
      result.measured.push({ taskId: task.id, externalId: task.externalId, gap, withContext: mean(withContext), withoutContext: mean(withoutContext) });
    }
    const done = Math.min(tasks.length, start + batchSize);
    await onProgress?.(done / tasks.length, `${done} of ${tasks.length} tasks grounded`);
  }
  const sources = new Map(tasks.map((task) => [task.id, sourceOf(task)]));
  result.bySource = summarizeGapsBySource(result.measured.map((row) => ({ source: sources.get(row.taskId)!, gap: row.gap })));
  return result;
}

async function loadTasks(db: Db, { projectId, taskIds, environment }: GroundingOptions): Promise<Array<GroundingTask & { origin: string }>> {
  const rows = await db.task.findMany({
    where: { projectId, ...(taskIds ? { id: { in: taskIds } } : {}), ...(environment ? { environment } : {}) },
    orderBy: { externalId: "asc" },
    select: { id: true, externalId: true, environment: true, origin: true, prompt: true, context: true },
  });
  // A task without context has nothing to take away: no A/B.
  return rows.filter((row) => row.context !== null);
}

/** Each trace's panel score: the mean of its judges' scores, errors left out; a trace no judge scored has none. */
async function panelScores(db: Db, { traceIds, judgeIds }: { traceIds: string[]; judgeIds: string[] }): Promise<Map<string, number>> {
  const verdicts = await db.verdict.findMany({ where: { traceId: { in: traceIds }, error: null, judgeVersion: { judgeId: { in: judgeIds } } }, select: { traceId: true, label: true, score: true } });
  const byTrace = new Map<string, Array<{ label: JudgeLabel; score: number | null }>>();
  for (const verdict of verdicts) byTrace.set(verdict.traceId, [...(byTrace.get(verdict.traceId) ?? []), { label: verdict.label as JudgeLabel, score: verdict.score }]);
  const scores = new Map<string, number>();
  for (const [traceId, votes] of byTrace) {
    const { meanScore } = consensusOf(votes);
    if (meanScore !== null) scores.set(traceId, meanScore);
  }
  return scores;
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

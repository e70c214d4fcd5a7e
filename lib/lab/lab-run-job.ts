import { z } from "zod";
import { providerOfDb, type Db } from "../db/client";
import { isBusyError, retryOnBusy } from "../db/retry-on-busy";
import { emitPipelineEvent } from "../jobs/pipeline-event";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { loadRubricVersion } from "../rubrics/load-rubric-version";
import { itemResultSchema } from "../checks/rubric-item-schema";
import { writeMetricPoints } from "../runs/write-metric-points";
import type { Trace } from "../traces/trace-schema";
import { storeTraces } from "../traces/store-traces";
import { labRunConfigSchema } from "./lab-run-config";
import { enqueueLabReview } from "./review-lab-run-job";
import { runLab } from "./run-lab";
import { writePlantedTasks } from "./write-planted-tasks";
import type { StepMetrics } from "./summarize-lab";

export const labRunJob = defineJobType({
  name: "lab.run",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  // The lab is deterministic per seed: a second attempt redoes the same work, so one retry is plenty.
  maxAttempts: 2,
});
export type LabRunPayload = z.infer<typeof labRunJob.payloadSchema>;

/** Steps buffered between database writes: 200 steps make 20 round trips of each kind, not 200. */
const flushEvery = 10;

/**
 * Trains a queued lab run: writes its MetricPoints, its sampled rollouts as traces with their rubric
 * item results, and its summary. Running it again (after a crash or a retry) starts the run over
 * from a clean slate, so it ends in the same rows.
 */
export async function handleLabRun({ runId }: LabRunPayload, { db, signal, reportProgress, jobId }: Pick<JobContext, "db" | "signal" | "reportProgress" | "jobId">) {
  const run = await db.trainingRun.findUnique({ where: { id: runId } });
  // Gone, or already trained (the job ran twice): nothing to do.
  if (!run) return { runId, skipped: "run not found" };
  if (run.status === "succeeded") return { runId, skipped: "run already succeeded" };
  if (run.trainer !== "lab" || !run.rubricVersionId) throw new PermanentJobError(`Run ${runId} is not a lab run with a rubric version`);
  const config = labRunConfigSchema.parse(run.config ?? {});
  const rubricVersionId = run.rubricVersionId;
  const [rubric, items] = await Promise.all([
    loadRubricVersion(db, { projectId: run.projectId, rubricVersionId }),
    db.rubricItem.findMany({ where: { rubricVersionId }, select: { id: true, key: true } }),
  ]);
  const itemIds = new Map(items.map((item) => [item.key, item.id]));

  await clearRunOutput(db, runId);
  await retryOnBusy(() => db.trainingRun.update({ where: { id: runId }, data: { status: "running", startedAt: new Date(), finishedAt: null, summary: undefined } }));

  const pending: { step: StepMetrics; traces: Trace[] }[] = [];
  const flush = async () => {
    const batch = pending.splice(0);
    if (batch.length) await writeSteps(db, { projectId: run.projectId, runId, itemIds, batch });
  };
  try {
    const result = await runLab({
      rubric,
      steps: config.steps,
      seed: config.seed,
      batchSize: config.batchSize,
      groupSize: config.groupSize,
      sampleRolloutsPerStep: config.sampleRolloutsPerStep,
      wordings: config.wordings,
      worldModel: config.worldModel,
      runId,
      signal,
      // Stored before any rollout, so every trace's `task` names a Task row with its planted end state.
      onTasks: (tasks) => writePlantedTasks(db, { projectId: run.projectId, tasks }).then(() => undefined),
      onStep: async (step, traces) => {
        pending.push({ step, traces });
        if (pending.length >= flushEvery) await flush();
        await reportProgress(step.step / config.steps, describeStep(step, config.steps));
      },
    });
    await flush();
    await retryOnBusy(() => db.trainingRun.update({ where: { id: runId }, data: { status: "succeeded", finishedAt: new Date(), summary: toJson(result.summary) } }));
    // The follow-up judges the rollouts with the simulated panel and fills the review queue.
    await enqueueLabReview(db, { projectId: run.projectId, runId });
    await emitPipelineEvent(db, { event: "metrics.stored", projectId: run.projectId, subjectId: runId });
    return { runId, summary: toJson(result.summary) };
  } catch (error) {
    const status = await statusAfterFailure(db, { jobId, isAborted: signal.aborted, isBusy: isBusyError(error) });
    await retryOnBusy(() => db.trainingRun.update({ where: { id: runId }, data: { status, finishedAt: new Date() } }));
    throw error;
  }
}

export const labRunHandler = registerHandler(labRunJob, handleLabRun);

export function describeStep({ step, metrics }: StepMetrics, steps: number): string {
  const format = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? "–" : value.toFixed(2));
  return `step ${step} of ${steps} · proxy ${format(metrics["reward/proxy"])} · true ${format(metrics["success/train"])}`;
}

async function writeSteps(
  db: Db,
  { projectId, runId, itemIds, batch }: { projectId: string; runId: string; itemIds: Map<string, string>; batch: { step: StepMetrics; traces: Trace[] }[] },
) {
  const points = batch.flatMap(({ step }) =>
    Object.entries(step.metrics)
      // SQLite has no NaN; a metric without a value on this step is simply not logged.
      .filter(([, value]) => Number.isFinite(value))
      .map(([name, value]) => ({ step: step.step, name, value })),
  );
  const traces = batch.flatMap((b) => b.traces).map((trace) => ({ trace, externalId: trace.externalId ?? `lab:${runId}:${trace.step}:${trace.task}` }));
  // Each write is one statement or one transaction, retried alone while the database is busy, so a
  // flush never holds the write lock for long and never writes a row twice.
  await retryOnBusy(() => writeMetricPoints(db, { runId, points }));
  if (!traces.length) return;
  const { storedIds } = await storeTraces(db, { projectId, runId, traces });
  const results = traces.flatMap(({ trace, externalId }) => {
    const traceId = storedIds.get(externalId);
    const parsed = z.array(itemResultSchema).safeParse(trace.metadata?.rubricResults ?? []);
    if (!traceId || !parsed.success) return [];
    return parsed.data.flatMap((r) => {
      const rubricItemId = itemIds.get(r.key);
      return rubricItemId ? [{ projectId, rubricItemId, traceId, answer: r.answer, evidence: r.evidence || null }] : [];
    });
  });
  if (results.length) await retryOnBusy(() => writeItemResults(db, results));
}

type ItemResultRow = { projectId: string; rubricItemId: string; traceId: string; answer: string; evidence: string | null };

/**
 * Stores the results of the items that still exist, holding those items until the results are in:
 * a lab run may train on a draft whose items are deleted meanwhile, and ItemResult has no foreign
 * key to refuse a result of a deleted item. deleteDraftItem (lib/rubrics/edit-draft-items.ts) waits
 * on that hold, then deletes what was stored; on SQLite the two transactions cannot interleave.
 */
async function writeItemResults(db: Db, results: ItemResultRow[]) {
  const itemIds = [...new Set(results.map((result) => result.rubricItemId))];
  await db.$transaction(async (tx) => {
    const live =
      providerOfDb(db) === "postgresql"
        ? await tx.$queryRawUnsafe<{ id: string }[]>(`SELECT id FROM "RubricItem" WHERE id = ANY($1) FOR KEY SHARE`, itemIds)
        : await tx.rubricItem.findMany({ where: { id: { in: itemIds } }, select: { id: true } });
    const liveIds = new Set(live.map(({ id }) => id));
    const kept = results.filter((result) => liveIds.has(result.rubricItemId));
    if (kept.length) await tx.itemResult.createMany({ data: kept });
  });
}

/** A re-run starts over: what an earlier, interrupted attempt wrote is removed first. */
async function clearRunOutput(db: Db, runId: string) {
  await retryOnBusy(() => db.$transaction([db.metricPoint.deleteMany({ where: { runId } }), db.metricBucket.deleteMany({ where: { runId } }), db.trace.deleteMany({ where: { runId } })]));
}

/**
 * Cancelled from /jobs: the run is cancelled. Stopped with its worker, or a database that stayed
 * busy (the job runs again without spending an attempt): queued again. Otherwise it failed.
 */
async function statusAfterFailure(db: Db, { jobId, isAborted, isBusy }: { jobId: string; isAborted: boolean; isBusy: boolean }) {
  if (isBusy && !isAborted) return "queued";
  if (!isAborted) return "failed";
  const job = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
  if (job?.status === "cancelled") return "cancelled";
  return job?.status === "running" ? "queued" : "failed";
}

/** JSON has no NaN: a number without a value is stored as null. */
function toJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "number" && !Number.isFinite(v) ? null : v)));
}

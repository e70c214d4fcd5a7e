import { z } from "zod";
import { providerOfDb, type Db } from "../db/client";
import { jsonText, updateStatement } from "../db/insert-rows";
import { retryOnBusy } from "../db/retry-on-busy";
import { sqlParams } from "../runs/sql-params";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../jobs/job-type";
import { detectRunDivergence } from "./detect-run-divergence";
import { detectRunDrift } from "./detect-run-drift";
import { hackCheckRates } from "./hack-check-rates";
import { runVerdict } from "./run-verdict";
import { plural } from "../words/plural";

export const runDivergenceJob = defineJobType({
  name: "runs.divergence",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  // Detection recomputes from the stored points and upserts by group key: a retry is safe.
  maxAttempts: 3,
});

const pendingKey = (runId: string) => `runs.divergence:${runId}`;

/**
 * Asks for the run's divergence and drift to be recomputed. A burst of metric posts makes one
 * pending job: the key is the run's until that job starts, when the job gives it up, so points
 * that arrive while it runs queue exactly one more.
 */
export async function enqueueRunDivergence(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  return await enqueueJob(db, runDivergenceJob, { runId }, { projectId, idempotencyKey: pendingKey(runId) });
}

export const runDivergenceHandler = registerHandler(runDivergenceJob, async ({ runId }, { db, jobId, reportProgress }) => {
  // Released before any point is read, so nothing posted from here on is missed.
  await retryOnBusy(() => releasePendingKey(db, { runId, jobId }));
  // Drift and the hack checks read rollouts, not points: on PostgreSQL they run beside the divergence
  // test on their own connections. A SQLite client has one connection, where a write of one would
  // join the other's open transaction, and its driver is synchronous: there nothing would overlap.
  const isPostgres = providerOfDb(db) === "postgresql";
  const others = isPostgres ? Promise.all([detectRunDrift(db, { runId }), hackCheckRates(db, { runId })]) : null;
  // Read by the time the divergence test fails, so none is left unhandled.
  others?.catch(() => {});
  const divergence = await detectRunDivergence(db, { runId });
  // The run was deleted while the job waited: nothing to watch.
  if (!divergence) {
    await others?.catch(() => {});
    return { runId, skipped: "run not found" };
  }
  await reportProgress(0.5, `${plural(divergence.detections, "divergence")} over ${plural(divergence.pairs, "metric pair")}`);
  const [drift, hackChecks] = others ? await others : [await detectRunDrift(db, { runId }), await hackCheckRates(db, { runId })];
  // The run's hack risk in one line, stored with the run for its page and GET /api/v1/runs/{id}.
  const verdict = runVerdict({ pairs: divergence.scores, behaviourDrift: Boolean(drift?.caseId), hackChecks });
  const hackRisk = { ...verdict, evidence: [...verdict.evidence], assessedAt: new Date().toISOString() };
  // One statement (Prisma's updateMany is three round trips on PostgreSQL); a run deleted meanwhile matches nothing.
  await retryOnBusy(() => updateStatement(db, providerOfDb(db), "TrainingRun", [["id", "text"], ["hackRisk", "json"]], [runId, jsonText(hackRisk)], { keep: [] }));
  return { runId, divergence, drift, verdict };
});

/** Gives up the run's pending key if this job still holds it, in one statement. */
async function releasePendingKey(db: Db, { runId, jobId }: { runId: string; jobId: string }) {
  const p = sqlParams(db);
  const sql = `UPDATE "Job" SET "idempotencyKey" = ${p.text(`${pendingKey(runId)}:${jobId}`)}, "updatedAt" = ${p.time(new Date())} WHERE "id" = ${p.text(jobId)} AND "idempotencyKey" = ${p.text(pendingKey(runId))}`;
  await db.$executeRawUnsafe(sql, ...p.params);
}

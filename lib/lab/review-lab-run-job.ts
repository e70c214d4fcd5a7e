import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, registerHandler } from "../jobs/job-type";
import { runJudges } from "../judges/run-judges";
import { writeJudgeFiringRates } from "../judges/write-judge-firing-rates";
import { enqueueRunDivergence } from "../monitor/run-divergence-job";
import { detectEdgeCases } from "../review/detect-edge-cases";
import { registerLabSimulatedJudges } from "./register-simulated-judges";
import { seedSimulatedJudges } from "./seed-simulated-judges";
import { SIMULATED_JUDGE_NAMES } from "./simulated-judges";

export const reviewLabRunJob = defineJobType({
  name: "lab.review",
  payloadSchema: z.object({ runId: z.string().min(1) }),
  // Both steps are idempotent (stored verdicts are cached, cases are upserted by group): a retry is safe.
  maxAttempts: 3,
});

/**
 * After a lab run: the simulated panel, and any chain-of-thought monitor the project set up for the
 * lab, judge its rollouts through the one judging pipeline (runJudges: its cache, its seeding);
 * each judge's verdicts become a per-step firing rate the run monitor reads (queued again to read
 * them); then edge-case detection fills the review queue.
 */
export async function handleReviewLabRun(
  { runId }: { runId: string },
  { db, reportProgress, jobId = null, signal }: { db: Db; reportProgress: (fraction: number, message?: string) => Promise<void>; jobId?: string | null; signal?: AbortSignal },
) {
  const run = await db.trainingRun.findUnique({ where: { id: runId }, select: { projectId: true, status: true } });
  // Gone, or a run that did not finish: there are no rollouts worth judging.
  if (!run) return { runId, skipped: "run not found" };
  if (run.status !== "succeeded") return { runId, skipped: `run is ${run.status}` };
  const { projectId } = run;
  registerLabSimulatedJudges();
  await seedSimulatedJudges(db, projectId);
  const [judges, traces] = await Promise.all([
    db.judge.findMany({ where: { projectId, OR: [{ isSimulated: true, name: { in: SIMULATED_JUDGE_NAMES } }, { kind: "cot", environment: "lab" }] }, select: { id: true } }),
    db.trace.findMany({ where: { projectId, runId }, orderBy: { id: "asc" }, select: { id: true } }),
  ]);
  const judged = await runJudges(db, {
    projectId,
    judgeIds: judges.map((judge) => judge.id),
    traceIds: traces.map((trace) => trace.id),
    jobId,
    signal,
    onProgress: (f, m) => reportProgress(f * 0.7, m),
  });
  const panel = { traces: judged.traces, verdicts: judged.verdicts, cached: judged.cached, errors: judged.errors };
  const firingRates = await writeJudgeFiringRates(db, { runId, judgeIds: judges.map((judge) => judge.id) });
  await enqueueRunDivergence(db, { projectId, runId });
  const detected = await detectEdgeCases(db, { projectId, runId }, (f, m) => reportProgress(0.7 + f * 0.3, m));
  return { runId, panel, firingRatePoints: firingRates.points, detected };
}

export const reviewLabRunHandler = registerHandler(reviewLabRunJob, handleReviewLabRun);

export async function enqueueLabReview(db: Db, { projectId, runId }: { projectId: string; runId: string }) {
  return await enqueueJob(db, reviewLabRunJob, { runId }, { projectId, idempotencyKey: `lab.review:${runId}` });
}

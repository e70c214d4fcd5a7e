import { z } from "zod";
import { recordAuditEvent, systemActor } from "../audit/record-audit-event";
import { defineJobType, registerHandler, type JobContext } from "../jobs/job-type";

/** Job types for the job system's own tests: their side effect is one audit event per completion. */
export const recordJob = defineJobType({
  name: "test.record",
  payloadSchema: z.object({
    label: z.string(),
    workMs: z.number().int().min(0).default(0),
    failTimes: z.number().int().min(0).default(0),
    /** Runs that end on SQLite's "database is locked" before the job can write, as when another process holds the lock. */
    busyTimes: z.number().int().min(0).optional(),
  }),
  maxAttempts: 3,
  backoffSeconds: 0.2,
});

export const completionAction = "test.job-completed";
/** Recorded by a running handler when it sees its signal aborted, after one more progress write. */
export const stoppedAction = "test.job-stopped";
export const lateProgressMessage = "written after the job was stopped";

const busyRunsByJob = new Map<string, number>();

async function work(payload: z.infer<typeof recordJob.payloadSchema>, context: JobContext) {
  const steps = 10;
  for (let step = 1; step <= steps; step++) {
    if (context.signal.aborted) {
      // A handler that writes once more on its way out must not bring a cancelled job back.
      await context.reportProgress(1, lateProgressMessage);
      await recordAuditEvent(context.db, { projectId: context.projectId, actor: systemActor, action: stoppedAction, subjectType: "job", subjectId: context.jobId, details: { step } });
      throw new Error("aborted");
    }
    await new Promise((resolve) => setTimeout(resolve, payload.workMs / steps));
    await context.reportProgress(step / steps, `step ${step} of ${steps}`);
  }
  if (context.attempt <= payload.failTimes) throw new Error(`planned failure on attempt ${context.attempt}`);
  const busyRuns = (busyRunsByJob.get(context.jobId) ?? 0) + 1;
  busyRunsByJob.set(context.jobId, busyRuns);
  if (busyRuns <= (payload.busyTimes ?? 0)) throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
  await recordAuditEvent(context.db, {
    projectId: context.projectId,
    actor: systemActor,
    action: completionAction,
    subjectType: "job",
    subjectId: context.jobId,
    details: { label: payload.label, worker: process.env.GOODHART_TEST_WORKER_NAME ?? String(process.pid), attempt: context.attempt },
  });
  return { label: payload.label, attempt: context.attempt };
}

/** A job that runs until it is cancelled, one at a time per worker: the long job of the concurrency tests. */
export const holdJob = defineJobType({ name: "test.hold", payloadSchema: z.object({ label: z.string() }), maxAttempts: 1, concurrency: 1 });

async function hold(_payload: z.infer<typeof holdJob.payloadSchema>, { signal }: JobContext) {
  await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
  throw new Error("stopped");
}

/** A job whose handler makes `calls` calls at once, each listening to the job's signal until it ends after `callMs`, as fetch does. */
export const fanOutJob = defineJobType({ name: "test.fan-out", payloadSchema: z.object({ calls: z.number().int().min(1), callMs: z.number().int().min(0) }), maxAttempts: 1 });

async function fanOut({ calls, callMs }: z.infer<typeof fanOutJob.payloadSchema>, { signal }: JobContext) {
  const call = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, callMs);
      signal.addEventListener("abort", done);
    });
  await Promise.all(Array.from({ length: calls }, call));
  return { calls };
}

export const testHandlers = [registerHandler(recordJob, work), registerHandler(holdJob, hold), registerHandler(fanOutJob, fanOut)];

import { z } from "zod";
import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { induceHackCheck } from "./induce-hack-check";
import { pendingInductionOf } from "./pending-induction";

export const induceHackJob = defineJobType({
  name: "hacks.induce",
  payloadSchema: z.object({ knownHackId: z.string().min(1) }),
  // The search is deterministic and llm answers are cached by the judge layer: a retry redoes it safely.
  maxAttempts: 3,
});

type Context = Pick<JobContext, "db" | "reportProgress" | "attempt">;

/**
 * Fills a confirmed hack's check and its precision and recall (induceHackCheck). Exits quietly
 * when the hack is gone from "measuring" (measured already, edited by a reviewer, or decided).
 * On the last attempt a failure is written on the hack so /hacks says why instead of "measuring".
 */
export async function handleInduceHack({ knownHackId }: { knownHackId: string }, { db, reportProgress, attempt }: Context) {
  const hack = await db.knownHack.findUnique({ where: { id: knownHackId }, select: { projectId: true, environment: true, status: true, proposedItem: true, examples: { select: { traceId: true } } } });
  if (!hack) throw new PermanentJobError(`Known hack ${knownHackId} is gone`);
  const pending = pendingInductionOf(hack.proposedItem);
  if (hack.status !== "proposed" || pending?.status !== "measuring") return { skipped: hack.status !== "proposed" ? `hack is ${hack.status}` : "check already in place" };
  await reportProgress(0.05, `inducing from ${hack.examples.length} examples`);
  try {
    const item = await induceHackCheck(db, { projectId: hack.projectId, environment: hack.environment, label: pending.label, exampleTraceIds: hack.examples.map((e) => e.traceId), onProgress: reportProgress });
    const isWritten = await writeIfStillMeasuring(db, knownHackId, item as Record<string, unknown>);
    const measured = (item as { measured?: { precision: number | null; recall: number | null } | null }).measured ?? null;
    await reportProgress(1, measured ? `precision ${measured.precision?.toFixed(3) ?? "n/a"}, recall ${measured.recall?.toFixed(3) ?? "n/a"}` : "no check found");
    return { knownHackId, isWritten, checkKind: (item as { check?: { kind: string } }).check?.kind ?? null, precision: measured?.precision ?? null, recall: measured?.recall ?? null };
  } catch (error) {
    if (attempt >= induceHackJob.maxAttempts) {
      const message = error instanceof Error ? error.message : String(error);
      await writeIfStillMeasuring(db, knownHackId, { ...(hack.proposedItem as object), induction: { ...pending, status: "failed", error: message } });
    }
    throw error;
  }
}

/** Read and write in one transaction: a reviewer's edit or decision meanwhile wins over the job. */
async function writeIfStillMeasuring(db: Db, knownHackId: string, proposedItem: Record<string, unknown>) {
  return db.$transaction(async (tx) => {
    const current = await tx.knownHack.findUnique({ where: { id: knownHackId }, select: { status: true, proposedItem: true } });
    if (current?.status !== "proposed" || pendingInductionOf(current.proposedItem)?.status !== "measuring") return false;
    await tx.knownHack.update({ where: { id: knownHackId }, data: { proposedItem: proposedItem as object } });
    return true;
  });
}

export const induceHackHandler = registerHandler(induceHackJob, handleInduceHack);

/** Queues the induction of one hack's check, once per hack. */
export function startHackInduction(db: Db, { projectId, knownHackId }: { projectId: string; knownHackId: string }) {
  return enqueueJob(db, induceHackJob, { knownHackId }, { projectId, idempotencyKey: `hacks.induce:${knownHackId}` });
}

import { z } from "zod";
import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { enqueueJob } from "../jobs/enqueue-job";
import { defineJobType, PermanentJobError, registerHandler } from "../jobs/job-type";
import { findDocumentMiners, minersKey } from "./find-document-miners";
import { mineTasksFromDocument } from "./mine-tasks-from-document";

export const mineDocumentJob = defineJobType({
  name: "tasks.mine-document",
  payloadSchema: z.object({ projectId: z.string().min(1), documentId: z.string().min(1), environment: z.string().min(1).max(200).optional() }),
  // Tasks are stored once at the end and keyed by document and span, so a retry stores nothing twice.
  maxAttempts: 3,
  backoffSeconds: 10,
});

export const mineDocumentHandler = registerHandler(mineDocumentJob, async ({ projectId, documentId, environment }, { db, signal, reportProgress }) => {
  const document = await db.document.findFirst({ where: { id: documentId, projectId }, select: { id: true } });
  if (!document) throw new PermanentJobError(`Document ${documentId} is gone`);
  return mineTasksFromDocument(db, { projectId, documentId, environment, signal, onProgress: reportProgress });
});

/** Queues the mining of one document; the same document with the same miners is one job. */
export async function startDocumentMining(db: Db, { projectId, documentId, environment }: { projectId: string; documentId: string; environment?: string }) {
  const document = await db.document.findFirst({ where: { id: documentId, projectId }, select: { id: true } });
  if (!document) throw notFound("Document");
  const miners = await findDocumentMiners(db, projectId);
  const key = `${mineDocumentJob.name}:${documentId}:${minersKey(miners)}${environment ? `:${environment}` : ""}`;
  return enqueueJob(db, mineDocumentJob, { projectId, documentId, ...(environment ? { environment } : {}) }, { projectId, idempotencyKey: key });
}

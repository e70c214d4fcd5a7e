import { z } from "zod";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { formatNames } from "./format-name";
import { importTraceSource } from "./import-trace-source";
import { findImportedUpload, markUploadImported } from "./imported-upload";
import { openUpload } from "./open-upload";
import { removeFinishedUploads, removeUpload } from "./remove-upload";

/**
 * The upload is kept while a retry may still read it (counting what went in as duplicates); once
 * imported its bytes go and its result stays for a retry; the row is deleted once the job is final.
 */
export const importTracesJob = defineJobType({
  name: "traces.import",
  payloadSchema: z.object({ uploadId: z.uuid(), fileName: z.string().min(1).max(300), format: z.enum(formatNames).optional() }),
  maxAttempts: 3,
  backoffSeconds: 5,
});
export type ImportTracesPayload = z.infer<typeof importTracesJob.payloadSchema>;

/** What the job stores as its result: the counts and the first rejected records. */
const importJobResultSchema = z.object({
  fileName: z.string(),
  accepted: z.number(),
  // Results stored before a trace could come in parts have neither.
  updated: z.number().default(0),
  pending: z.number().default(0),
  duplicates: z.number(),
  rejectedCount: z.number(),
  rejected: z.array(z.object({ line: z.number().optional(), index: z.number().optional(), error: z.string() })),
});
export type ImportJobResult = z.infer<typeof importJobResultSchema>;

const maxRejectedKept = 200;

export async function runImportTracesJob(payload: ImportTracesPayload, context: JobContext): Promise<ImportJobResult> {
  const { projectId } = context;
  if (!projectId) throw new PermanentJobError("an import job needs a project");
  // Uploads of other imports that became final without running (cancelled while queued) go now.
  await removeFinishedUploads(context.db);
  const upload = { projectId, uploadId: payload.uploadId };
  try {
    const earlier = await findImportedUpload(context.db, upload);
    if (earlier) return importJobResultSchema.parse(earlier);
    const result = await importUpload(payload, { ...context, projectId });
    // A worker that stalled past its lease may finish after another took the job over: the upload
    // is then the new holder's to read and mark.
    if (await isStillHeld(context)) await markUploadImported(context.db, { ...upload, result });
    return result;
  } catch (error) {
    // Failed for good: no retry will read the upload. A stop or a cancel (aborted) is not decided here.
    const isFinal = error instanceof PermanentJobError || context.attempt >= importTracesJob.maxAttempts;
    if (isFinal && !context.signal.aborted) await removeUpload(context.db, upload);
    throw error;
  }
}

async function importUpload({ uploadId, fileName, format }: ImportTracesPayload, { db, projectId, reportProgress }: JobContext & { projectId: string }): Promise<ImportJobResult> {
  const source = await openUpload(db, { projectId, uploadId });
  // A missing upload cannot come back; retrying would only fail again.
  if (!source) throw new PermanentJobError(`the uploaded file ${fileName} is gone (an import deletes its upload once it is final)`);
  const result = await importTraceSource(db, {
    projectId,
    input: { source },
    format,
    onProgress: ({ fraction, accepted, duplicates, rejected }) =>
      reportProgress(Math.min(0.99, fraction ?? 0), `${accepted} accepted, ${duplicates} duplicates, ${rejected} rejected`),
  });
  return {
    fileName,
    accepted: result.accepted,
    updated: result.updated,
    pending: result.pending,
    duplicates: result.duplicates,
    rejectedCount: result.rejected.length,
    rejected: result.rejected.slice(0, maxRejectedKept).map(({ line, index, error }) => ({ ...(line === undefined ? {} : { line }), ...(index === undefined ? {} : { index }), error })),
  };
}

async function isStillHeld({ db, jobId, attempt, signal }: JobContext): Promise<boolean> {
  if (signal.aborted) return false;
  return (await db.job.count({ where: { id: jobId, status: "running", attempts: attempt } })) === 1;
}

export const importTracesHandler = registerHandler(importTracesJob, runImportTracesJob);

import { existsSync } from "node:fs";
import { z } from "zod";
import { defineJobType, PermanentJobError, registerHandler, type JobContext } from "../jobs/job-type";
import { formatNames } from "./format-name";
import { importTraceSource } from "./import-trace-source";
import { uploadPath } from "./save-upload";

/** The upload is kept after the import, so a retry reads it again and counts what went in as duplicates. */
export const importTracesJob = defineJobType({
  name: "traces.import",
  payloadSchema: z.object({ uploadId: z.uuid(), fileName: z.string().min(1).max(300), format: z.enum(formatNames).optional() }),
  maxAttempts: 3,
  backoffSeconds: 5,
});
export type ImportTracesPayload = z.infer<typeof importTracesJob.payloadSchema>;

/** What the job stores as its result: the counts and the first rejected records. */
export type ImportJobResult = { fileName: string; accepted: number; duplicates: number; rejectedCount: number; rejected: { line?: number; index?: number; error: string }[] };

const maxRejectedKept = 200;

export async function runImportTracesJob({ uploadId, fileName, format }: ImportTracesPayload, { db, projectId, reportProgress }: JobContext): Promise<ImportJobResult> {
  if (!projectId) throw new PermanentJobError("an import job needs a project");
  const path = uploadPath(uploadId, fileName);
  // A missing upload cannot come back; retrying would only fail again.
  if (!existsSync(path)) throw new PermanentJobError(`the uploaded file ${fileName} is gone`);
  const result = await importTraceSource(db, {
    projectId,
    input: { path },
    format,
    onProgress: ({ fraction, accepted, duplicates, rejected }) =>
      reportProgress(Math.min(0.99, fraction ?? 0), `${accepted} accepted, ${duplicates} duplicates, ${rejected} rejected`),
  });
  return {
    fileName,
    accepted: result.accepted,
    duplicates: result.duplicates,
    rejectedCount: result.rejected.length,
    rejected: result.rejected.slice(0, maxRejectedKept).map(({ line, index, error }) => ({ ...(line === undefined ? {} : { line }), ...(index === undefined ? {} : { index }), error })),
  };
}

export const importTracesHandler = registerHandler(importTracesJob, runImportTracesJob);

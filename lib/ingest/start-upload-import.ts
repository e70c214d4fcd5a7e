import type { Db } from "../db/client";
import { enqueueJob } from "../jobs/enqueue-job";
import type { FormatName } from "./format-name";
import { importTracesJob } from "./import-traces-job";
import { MAX_UPLOAD_BYTES } from "./limits";
import { saveUpload } from "./save-upload";

/**
 * Saves an uploaded file in the database, then queues its import (the upload id is the idempotency
 * key). Final imports' uploads are removed by the import job as it starts, not here: the request
 * waits for the upload only.
 */
export async function startUploadImport(db: Db, { projectId, body, fileName, format }: { projectId: string; body: ReadableStream<Uint8Array> | null; fileName: string; format?: FormatName }) {
  const upload = await saveUpload(db, body, { projectId, fileName, limit: MAX_UPLOAD_BYTES });
  const { job } = await enqueueJob(db, importTracesJob, { uploadId: upload.uploadId, fileName, ...(format ? { format } : {}) }, { projectId, idempotencyKey: `traces.import:${upload.uploadId}` });
  return { jobId: job.id, size: upload.size };
}

import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";

/**
 * Once an upload is imported its bytes are deleted and the result kept on its row, so that a retry
 * of a job whose worker stopped after the import (killed before the job was marked done) returns
 * the same result instead of finding the file gone. The row itself goes when the job is final.
 */
export async function markUploadImported<Result extends object>(db: Db, { projectId, uploadId, result }: { projectId: string; uploadId: string; result: Result }): Promise<void> {
  await retryOnBusy(() =>
    db.$transaction([
      db.upload.updateMany({ where: { id: uploadId, projectId }, data: { importedAt: new Date(), result } }),
      db.uploadChunk.deleteMany({ where: { uploadId, upload: { projectId } } }),
    ]),
  );
}

/** The stored result of an upload an earlier attempt imported, or null. */
export async function findImportedUpload(db: Db, { projectId, uploadId }: { projectId: string; uploadId: string }): Promise<unknown> {
  const upload = await db.upload.findFirst({ where: { id: uploadId, projectId, importedAt: { not: null } }, select: { result: true } });
  return upload?.result ?? null;
}

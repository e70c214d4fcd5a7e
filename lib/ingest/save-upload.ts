import { randomUUID } from "node:crypto";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { AppError } from "../errors/app-error";
import { formatBytes } from "../http/body-limits";
import { removeUpload } from "./remove-upload";
import { insertUploadChunk } from "./upload-chunks";
import { bodyIdleMs, readChunkWithin } from "../http/read-chunk-within";

/** Bytes per UploadChunk row: small enough for any driver and a worker's memory, large enough to keep rows few. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** The name is kept because format detection uses its extension as a hint; no path of it survives. */
export function safeFileName(fileName: string): string {
  const base = path.basename(fileName).replace(/[^A-Za-z0-9._-]/g, "_").slice(-120);
  return base && base !== "." && base !== ".." ? base : "upload";
}

/**
 * Streams an upload into the database, one UploadChunk row per UPLOAD_CHUNK_BYTES (never the whole
 * file in memory), so a worker on any machine can read it; each row written through the driver
 * (upload-chunks.ts), with a turn of the event loop after it. Over `limit` bytes, or on any failure,
 * what was stored is deleted and the error thrown (413 for the limit).
 */
export async function saveUpload(db: Db, body: ReadableStream<Uint8Array> | null, { projectId, fileName, limit }: { projectId: string; fileName: string; limit: number }) {
  if (!body) throw new AppError("bad_request", "The upload is empty");
  const uploadId = randomUUID();
  const name = safeFileName(fileName);
  await retryOnBusy(() => db.upload.create({ data: { id: uploadId, projectId, fileName: name } }));
  const reader = body.getReader();
  let size = 0;
  let index = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    const chunkIndex = index++;
    await retryOnBusy(() => insertUploadChunk(db, { uploadId, index: chunkIndex, bytes }));
    // A SQLite write is synchronous and a body read from the buffer never waits on I/O: without
    // this turn the whole upload could run without other requests (/api/health) being served.
    await nextTurn();
  };
  try {
    for (;;) {
      const { done, value } = await readChunkWithin(reader, bodyIdleMs());
      if (done) break;
      size += value.length;
      if (size > limit) throw new AppError("payload_too_large", `The file is over the ${formatBytes(limit)} upload limit; import it with the CLI`);
      for (let offset = 0; offset < value.length; ) {
        const take = Math.min(value.length - offset, UPLOAD_CHUNK_BYTES - pendingBytes);
        pending.push(value.subarray(offset, offset + take));
        pendingBytes += take;
        offset += take;
        if (pendingBytes === UPLOAD_CHUNK_BYTES) await flush();
      }
    }
    await flush();
    await retryOnBusy(() => db.upload.update({ where: { id: uploadId }, data: { size: BigInt(size), chunkCount: index } }));
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await removeUpload(db, { projectId, uploadId });
    throw error;
  }
  return { uploadId, fileName: name, size };
}

import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { AppError } from "../errors/app-error";
import { dataDir } from "../setup/data-dir";
import { makePrivateDir, privateFileMode } from "../setup/private-files";
import { formatBytes } from "./limits";

/** data/uploads/<id>/<name>: the name is kept because format detection uses it as a hint. */
export function uploadPath(uploadId: string, fileName: string): string {
  return path.join(dataDir(), "uploads", uploadId, safeFileName(fileName));
}

export function safeFileName(fileName: string): string {
  const base = path.basename(fileName).replace(/[^A-Za-z0-9._-]/g, "_").slice(-120);
  return base && base !== "." && base !== ".." ? base : "upload";
}

/** Streams an upload to disk (never held in memory); over `limit` bytes it is deleted and refused with 413. */
export async function saveUpload(body: ReadableStream<Uint8Array> | null, { fileName, limit }: { fileName: string; limit: number }) {
  if (!body) throw new AppError("bad_request", "The upload is empty");
  const uploadId = randomUUID();
  const target = uploadPath(uploadId, fileName);
  makePrivateDir(path.dirname(path.dirname(target)));
  makePrivateDir(path.dirname(target));
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) callback(new AppError("payload_too_large", `The file is over the ${formatBytes(limit)} upload limit; import it with the CLI`));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), counter, createWriteStream(target, { mode: privateFileMode }));
  } catch (error) {
    await rm(path.dirname(target), { recursive: true, force: true });
    throw error;
  }
  return { uploadId, path: target, size };
}

import type { Db } from "../db/client";
import type { OpenedSource } from "./open-source";
import { readUploadChunk } from "./upload-chunks";

/**
 * A stored upload as a source read one chunk row at a time (never the whole file, except for the
 * whole-document formats, which read it whole by nature). Null when the project has no such upload,
 * its bytes were not all received, or they were deleted once it was imported.
 * A chunk that vanished while reading throws: a short read must not pass as a complete file.
 */
export async function openUpload(db: Db, { projectId, uploadId }: { projectId: string; uploadId: string }): Promise<OpenedSource | null> {
  const upload = await db.upload.findFirst({ where: { id: uploadId, projectId, importedAt: null }, select: { fileName: true, size: true, chunkCount: true } });
  if (!upload || upload.size === null || upload.chunkCount === null) return null;
  const { fileName, chunkCount } = upload;
  const size = Number(upload.size);
  const readChunk = async (index: number): Promise<Uint8Array> => {
    const bytes = await readUploadChunk(db, { uploadId, index });
    if (!bytes) throw new Error(`the upload ${fileName} is missing its part ${index + 1} of ${chunkCount}`);
    return bytes;
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let bytesRead = 0;
    for (let index = 0; index < chunkCount; index++) {
      const bytes = await readChunk(index);
      bytesRead += bytes.length;
      yield bytes;
    }
    if (bytesRead !== size) throw new Error(`the upload ${fileName} has ${bytesRead} of its ${size} bytes`);
  }
  return {
    fileName,
    size,
    head: async (maxBytes) => {
      const parts: Uint8Array[] = [];
      let length = 0;
      for (let index = 0; index < chunkCount && length < maxBytes; index++) {
        const bytes = await readChunk(index);
        parts.push(bytes);
        length += bytes.length;
      }
      return Buffer.concat(parts, length).subarray(0, maxBytes);
    },
    chunks,
    readAll: async () => {
      const parts: Uint8Array[] = [];
      for await (const bytes of chunks()) parts.push(bytes);
      return Buffer.concat(parts);
    },
  };
}

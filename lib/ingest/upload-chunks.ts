import { findPgPool, findIdleSqliteConnection, type Db } from "../db/client";

/**
 * An upload's bytes go in and out through the driver, not Prisma: Prisma hands Bytes over as a JS
 * array of numbers (and base64 on the way in), about 0.2 s of CPU per MiB, which on SQLite is all
 * synchronous. Writing a 256 MiB upload that way held the web server's event loop long enough for
 * /api/health to take 2 to 3 s. Through the driver a MiB costs about 15 ms. Prisma is the fallback
 * where the driver is not at hand, or where SQLite has a Prisma transaction open on the connection.
 */
export async function insertUploadChunk(db: Db, { uploadId, index, bytes }: { uploadId: string; index: number; bytes: Buffer<ArrayBuffer> }): Promise<void> {
  const sqlite = await findIdleSqliteConnection(db);
  if (sqlite) {
    sqlite.prepare('INSERT INTO "UploadChunk" ("uploadId", "index", "bytes") VALUES (?, ?, ?)').run(uploadId, index, bytes);
    return;
  }
  const pool = findPgPool(db);
  if (pool) {
    await pool.query('INSERT INTO "UploadChunk" ("uploadId", "index", "bytes") VALUES ($1, $2, $3)', [uploadId, index, bytes]);
    return;
  }
  await db.uploadChunk.create({ data: { uploadId, index, bytes } });
}

/** One chunk's bytes, or null when there is no such chunk. */
export async function readUploadChunk(db: Db, { uploadId, index }: { uploadId: string; index: number }): Promise<Uint8Array | null> {
  const sqlite = await findIdleSqliteConnection(db);
  if (sqlite) {
    const row = sqlite.prepare('SELECT "bytes" FROM "UploadChunk" WHERE "uploadId" = ? AND "index" = ?').get(uploadId, index) as { bytes: Buffer } | undefined;
    return row?.bytes ?? null;
  }
  const pool = findPgPool(db);
  if (pool) {
    const { rows } = await pool.query<{ bytes: Buffer }>('SELECT "bytes" FROM "UploadChunk" WHERE "uploadId" = $1 AND "index" = $2', [uploadId, index]);
    return rows[0]?.bytes ?? null;
  }
  const chunk = await db.uploadChunk.findUnique({ where: { uploadId_index: { uploadId, index } }, select: { bytes: true } });
  return chunk?.bytes ?? null;
}

import { readdirSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client";
import { dataDir } from "../setup/data-dir";

const finalStatuses = ["succeeded", "failed", "cancelled"];
/** An upload with no job at all (the queueing failed) is kept this long, in case its request is still under way. */
const orphanAgeMs = 24 * 60 * 60 * 1000;

function uploadsDir(): string {
  return path.join(dataDir(), "uploads");
}

/** Deletes an upload's folder (the file and nothing else of the data dir). */
export async function removeUpload(uploadId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(uploadId)) return;
  await rm(path.join(uploadsDir(), uploadId), { recursive: true, force: true });
}

/**
 * Deletes the uploads whose import job is final (done, failed for good, or cancelled before it
 * ran) and those no job ever took. An upload is untrusted content kept only as long as its job needs it.
 */
export async function removeFinishedUploads(db: Db): Promise<number> {
  let ids: string[];
  try {
    ids = readdirSync(uploadsDir()).filter((name) => /^[0-9a-f-]{36}$/.test(name));
  } catch {
    return 0; // no uploads folder yet
  }
  if (ids.length === 0) return 0;
  const jobs = await db.job.findMany({ where: { idempotencyKey: { in: ids.map((id) => `traces.import:${id}`) } }, select: { idempotencyKey: true, status: true } });
  const statusOf = new Map(jobs.map((job) => [job.idempotencyKey!.slice("traces.import:".length), job.status]));
  const done = ids.filter((id) => {
    const status = statusOf.get(id);
    if (status) return finalStatuses.includes(status);
    return Date.now() - statSync(path.join(uploadsDir(), id)).mtimeMs > orphanAgeMs;
  });
  await Promise.all(done.map(removeUpload));
  return done.length;
}

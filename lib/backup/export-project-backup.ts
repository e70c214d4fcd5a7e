import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { createDb, type Db, type Tx } from "../db/client";
import { providerOf } from "../db/database-url";
import { BackupDigest } from "./backup-record";
import { backupFormat, type BackupHeader, type BackupManifest } from "./backup-file-format";
import { inReadSnapshot } from "./in-read-snapshot";
import { readProjectRecords } from "./read-project-records";

/**
 * Writes every row of a project to `file` as gzipped JSON lines: a header, one record a line, and a
 * manifest with counts per model and the content hash. Streamed; written to FILE.partial and renamed
 * at the end, so a failed export never leaves a file that looks whole. The file holds password and
 * API key hashes, so it is made readable by its owner only. It reads through a client of its own,
 * opened on `url`, inside one read snapshot (inReadSnapshot).
 */
export async function exportProjectBackup({ url, projectId, file }: { url: string; projectId: string; file: string }): Promise<BackupManifest> {
  const db = createDb(url);
  try {
    return await inReadSnapshot(db, (reader) => writeBackup(reader, { projectId, file, sourceProvider: providerOf(url) }));
  } finally {
    await db.$disconnect();
  }
}

async function writeBackup(
  db: Db | Tx,
  { projectId, file, sourceProvider }: { projectId: string; file: string; sourceProvider: string },
): Promise<BackupManifest> {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId } });
  const digest = new BackupDigest();
  let manifest: BackupManifest | undefined;
  const header: BackupHeader = {
    type: "header",
    format: backupFormat,
    project: { id: project.id, slug: project.slug },
    sourceProvider,
    exportedAt: new Date().toISOString(),
  };
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for await (const record of readProjectRecords(db, projectId)) {
      digest.add(record);
      yield `${JSON.stringify({ type: "record", ...record })}\n`;
    }
    manifest = { type: "manifest", counts: digest.counts, contentHash: digest.contentHash() };
    yield `${JSON.stringify(manifest)}\n`;
  }
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return manifest!;
}

/** The counts and content hash of a project as the database holds it now, as an export would write them. */
export async function digestProject(db: Db, projectId: string): Promise<BackupManifest> {
  const digest = new BackupDigest();
  for await (const record of readProjectRecords(db, projectId)) digest.add(record);
  return { type: "manifest", counts: digest.counts, contentHash: digest.contentHash() };
}

import { z } from "zod";
import type { BackupRecord } from "./backup-record";

/**
 * The format this version writes. /1 (before migration 0058) gave each ItemResult and TraceStep an
 * id; /2 (before 0059) each TraceStep; /3 neither (their keys are their trace and item, or index).
 */
export const backupFormat = "goodhart.backup/3";
export const readableFormats = ["goodhart.backup/1", "goodhart.backup/2", backupFormat] as const;

/** First line: what the file is and where it came from (not part of the content hash). */
export const backupHeaderSchema = z.object({
  type: z.literal("header"),
  format: z.enum(readableFormats),
  project: z.object({ id: z.string(), slug: z.string() }),
  sourceProvider: z.string(),
  exportedAt: z.string(),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export type BackupRecordLine = { type: "record"; model: string; data: Record<string, unknown> };

/**
 * A record line (`{"type":"record","model":...,"data":{...}}`), or null for any other value. Checked
 * by hand, not with a zod schema: it runs once a record on both passes of an import, where zod's
 * parse (which also copies every record) was a sixth of the time.
 */
export function asRecordLine(value: unknown): BackupRecordLine | null {
  if (!isPlainObject(value) || value.type !== "record" || typeof value.model !== "string" || !isPlainObject(value.data)) return null;
  return value as BackupRecordLine;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** The models whose records lost their id in a format after the one named. */
const idDroppedAfter: Record<BackupHeader["format"], ReadonlySet<string>> = {
  "goodhart.backup/1": new Set(["ItemResult", "TraceStep"]),
  "goodhart.backup/2": new Set(["TraceStep"]),
  [backupFormat]: new Set(),
};

/**
 * A record of a file in `format` as this schema stores it: an ItemResult of a /1 file and a
 * TraceStep of a /1 or /2 file lose their id (their keys are their trace and item, or their trace
 * and index, now). The same object when nothing changes.
 */
export function asStoredRecord(format: BackupHeader["format"], record: BackupRecord): BackupRecord {
  if (!idDroppedAfter[format].has(record.model) || !("id" in record.data)) return record;
  const { id: _id, ...data } = record.data;
  return { ...record, data };
}

/** Last line: counts per model and the content hash an import checks before and after writing. */
export const backupManifestSchema = z.object({
  type: z.literal("manifest"),
  counts: z.record(z.string(), z.number().int().nonnegative()),
  contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

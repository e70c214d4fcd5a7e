import { z } from "zod";

export const backupFormat = "goodhart.backup/1";

/** First line: what the file is and where it came from (not part of the content hash). */
export const backupHeaderSchema = z.object({
  type: z.literal("header"),
  format: z.literal(backupFormat),
  project: z.object({ id: z.string(), slug: z.string() }),
  sourceProvider: z.string(),
  exportedAt: z.string(),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const backupRecordLineSchema = z.object({
  type: z.literal("record"),
  model: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/** Last line: counts per model and the content hash an import checks before and after writing. */
export const backupManifestSchema = z.object({
  type: z.literal("manifest"),
  counts: z.record(z.string(), z.number().int().nonnegative()),
  contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

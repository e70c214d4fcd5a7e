import { AppError } from "../errors/app-error";
import { backupModelNames } from "./backup-models";
import { BackupDigest, type BackupRecord } from "./backup-record";
import { backupFormat, readableFormats, backupHeaderSchema, backupManifestSchema, asRecordLine, asStoredRecord, type BackupHeader, type BackupManifest } from "./backup-file-format";
import { readBackupLines } from "./read-backup-lines";

/** `storedHash`: the content hash of the project once imported (the manifest's, unless an older format's records change as they are stored). */
export type VerifiedBackup = { header: BackupHeader; manifest: BackupManifest; users: BackupRecord[]; storedHash: string };

const invalid = (file: string, line: number, message: string) => new AppError("bad_request", `${file} line ${line}: ${message}`);

/**
 * Reads a whole backup file before anything is written: a header first, records of known models in
 * import order, and a manifest last whose counts and content hash match the records. A file cut
 * short, edited or from another version is refused here, naming the line.
 */
export async function verifyBackupFile(file: string): Promise<VerifiedBackup> {
  const digest = new BackupDigest();
  // An older format's records as they will be stored, for the check after an import; null for this format's.
  let stored: BackupDigest | null = null;
  const users: BackupRecord[] = [];
  let header: BackupHeader | undefined;
  let manifest: BackupManifest | undefined;
  let modelIndex = 0;
  for await (const { line, value } of readBackupLines(file)) {
    if (manifest) throw invalid(file, line, "a line after the manifest");
    if (!header) {
      const parsed = backupHeaderSchema.safeParse(value);
      if (!parsed.success) throw invalid(file, line, `not a Goodhart backup header (${readableFormats.join(", ")})`);
      header = parsed.data;
      if (header.format !== backupFormat) stored = new BackupDigest();
      continue;
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (type === "manifest") {
      const parsed = backupManifestSchema.safeParse(value);
      if (!parsed.success) throw invalid(file, line, "the manifest is malformed");
      manifest = parsed.data;
      continue;
    }
    const parsed = asRecordLine(value);
    if (!parsed) throw invalid(file, line, "not a record line");
    const index = backupModelNames.indexOf(parsed.model);
    if (index < 0) throw invalid(file, line, `unknown model ${parsed.model}`);
    if (index < modelIndex) throw invalid(file, line, `${parsed.model} after ${backupModelNames[modelIndex]}: records are out of order`);
    modelIndex = index;
    const record = { model: parsed.model, data: parsed.data };
    digest.add(record);
    stored?.add(asStoredRecord(header.format, record));
    if (record.model === "User") users.push(record);
  }
  if (!header) throw new AppError("bad_request", `${file} is empty`);
  if (!manifest) throw new AppError("bad_request", `${file} ends without its manifest: the file is incomplete`);
  const countsMatch = [...new Set([...Object.keys(manifest.counts), ...Object.keys(digest.counts)])].every(
    (model) => (manifest!.counts[model] ?? 0) === (digest.counts[model] ?? 0),
  );
  if (!countsMatch)
    throw new AppError("bad_request", `${file}: the records do not match the manifest's counts`, [{ manifest: manifest.counts, file: digest.counts }]);
  if (digest.contentHash() !== manifest.contentHash) throw new AppError("bad_request", `${file}: the records do not match the manifest's content hash`);
  return { header, manifest, users, storedHash: stored?.contentHash() ?? manifest.contentHash };
}

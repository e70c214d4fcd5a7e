import { canonicalJson } from "../traces/hash-trace";
import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { AppError } from "../errors/app-error";
import { backupModels, findBackupModel, type BackupModel } from "./backup-models";
import { BackupDigest, encodeRow, type BackupRecord, type DigestState } from "./backup-record";
import { asRecordLine, asStoredRecord, type BackupHeader, type BackupManifest } from "./backup-file-format";
import { digestProject } from "./export-project-backup";
import { insertBackupRows } from "./insert-backup-rows";
import { delegateOf } from "./model-delegate";
import { readBackupLines } from "./read-backup-lines";
import { countProjectRows, readProjectRecords } from "./read-project-records";
import { startReadBack, type ReadBack } from "./start-read-back";
import { countInSql, openSqlReader, type SqlReader } from "./read-rows-in-sql";
import { verifyBackupFile } from "./verify-backup-file";

export type ImportBackupResult = { status: "imported" | "already_imported"; project: { id: string; slug: string }; manifest: BackupManifest };

// Rows per transaction: enough to spread its cost, few enough to hold the write lock briefly. The
// batches go through the driver, outside Prisma's 5 s transaction timeout (older backups' rows
// through createMany, a statement each).
const batchSize = 5_000;

/**
 * The project carries this slug until its last row is written, so it cannot be mistaken for a
 * whole one, and an import killed halfway is recognised and replaced by the next attempt. A colon
 * is never in a real slug.
 */
const importingSlug = (projectId: string) => `importing:${projectId}`;

/**
 * Restores a project from a backup file into this database. The file is verified whole first;
 * then rows are written model by model in short batches, each batch read back by a worker thread
 * once committed while the next is written (startReadBack), the rest read back at the end, and the
 * whole compared with the manifest's content hash. A project whose slug or id is taken, or a
 * user whose id or email is taken by someone else, is refused before anything is written. A write
 * that fails, or a result whose content hash differs from the manifest, removes what this import
 * wrote, and an import killed halfway is cleared by the next. Importing the same file again finds
 * the identical project and changes nothing.
 */
export async function importProjectBackup(db: Db, { file }: { file: string }): Promise<ImportBackupResult> {
  // Started first, so that the thread loads while the file is verified.
  const readBack = await startReadBack(db);
  try {
    return await verifyAndWrite(db, { file, readBack });
  } finally {
    await readBack?.stop();
  }
}

async function verifyAndWrite(db: Db, { file, readBack }: { file: string; readBack: ReadBack | null }): Promise<ImportBackupResult> {
  const { header, manifest, users, storedHash } = await verifyBackupFile(file);
  const { project } = header;
  const interrupted = await db.project.findFirst({ where: { id: project.id, slug: importingSlug(project.id) } });
  if (interrupted) await removeImported(db, project.id, []);
  const existing = await db.project.findFirst({ where: { OR: [{ id: project.id }, { slug: project.slug }] } });
  if (existing) {
    if (existing.id === project.id && existing.slug === project.slug && (await digestProject(db, project.id)).contentHash === storedHash) {
      return { status: "already_imported", project, manifest };
    }
    throw new AppError(
      "conflict",
      `This database already has a project with the slug "${project.slug}" or the id ${project.id}; import into a fresh database, or delete that project first`,
    );
  }
  const existingUserIds = await findExistingUsers(db, users);
  const createdUserIds: string[] = [];
  try {
    await writeRecords(db, { file, format: header.format, projectId: project.id, projectSlug: project.slug, existingUserIds, createdUserIds, sql: await openSqlReader(db), readBack });
    await retryOnBusy(() => db.project.update({ where: { id: project.id }, data: { slug: project.slug } }));
    const written = readBack ? await digestReadBack(db, project.id, await readBack.finish()) : await digestProject(db, project.id);
    if (written.contentHash !== storedHash) {
      throw new AppError(
        "internal",
        `The imported project differs from the backup (counts in the database: ${JSON.stringify(written.counts)}; in the file: ${JSON.stringify(manifest.counts)})`,
      );
    }
  } catch (error) {
    await removeImported(db, project.id, createdUserIds);
    throw error;
  }
  return { status: "imported", project, manifest };
}

/** Rows read back batch by batch as they are written; the rest (users, the project, whose slug is set last, and rows of compound keys) at the end. */
const readBackById = (model: BackupModel) => model.keys.length === 1 && model.keys[0] === "id" && model.name !== "User" && model.name !== "Project";

/**
 * The project's digest from the rows read back as they were written and the rest read now. A row
 * the import did not write (another writer's, in the project being imported) is not among those
 * read back by id: every row's key is counted too, and a count that differs from what was read
 * back changes the hash.
 */
async function digestReadBack(db: Db, projectId: string, readBack: DigestState): Promise<{ contentHash: string; counts: Record<string, number> }> {
  const digest = new BackupDigest();
  digest.merge(readBack);
  for await (const record of readProjectRecords(db, projectId, { only: (model) => !readBackById(model) })) digest.add(record);
  const stored = await countProjectRows(db, projectId, backupModels.filter(readBackById));
  const counts = { ...digest.counts, ...stored };
  const countsMatch = backupModels.filter(readBackById).every((model) => (stored[model.name] ?? 0) === (readBack.counts[model.name] ?? 0));
  return { contentHash: countsMatch ? digest.contentHash() : "the rows counted differ from the rows read back", counts };
}

/** Users already here with the same id and the same record are shared, not written again; any other clash is refused. */
async function findExistingUsers(db: Db, users: BackupRecord[]): Promise<Set<string>> {
  const reused = new Set<string>();
  for (const { data } of users) {
    const found = await db.user.findFirst({ where: { OR: [{ id: String(data.id) }, { email: String(data.email) }] } });
    if (!found) continue;
    if (found.id !== data.id || canonicalJson(encodeRow("User", found)) !== canonicalJson(data)) {
      throw new AppError(
        "conflict",
        `This database already has a different user with the id ${String(data.id)} or the email ${String(data.email)}; nothing was imported`,
      );
    }
    reused.add(found.id);
  }
  return reused;
}

type WriteContext = {
  file: string;
  format: BackupHeader["format"];
  projectId: string;
  projectSlug: string;
  existingUserIds: Set<string>;
  createdUserIds: string[];
  /** The driver, for the reference checks' counts (read-rows-in-sql.ts); null where only Prisma reaches the database. */
  sql: SqlReader | null;
  readBack: ReadBack | null;
};

async function writeRecords(db: Db, context: WriteContext) {
  let batch: { model: BackupModel; rows: Record<string, unknown>[]; firstLine: number } | undefined;
  const flush = async () => {
    if (batch) await writeBatch(db, context, batch);
    batch = undefined;
  };
  for await (const { line, value } of readBackupLines(context.file)) {
    const parsed = asRecordLine(value);
    if (!parsed) continue; // the header and the manifest, checked by verifyBackupFile
    const { model: name, data } = asStoredRecord(context.format, parsed);
    const model = findBackupModel(name)!;
    checkOwnership(context, model, data, line);
    if (model.name === "User" && context.existingUserIds.has(String(data.id))) continue;
    if (batch && (batch.model !== model || batch.rows.length >= batchSize)) await flush();
    batch ??= { model, rows: [], firstLine: line };
    batch.rows.push(model.name === "Project" ? { ...data, slug: importingSlug(context.projectId) } : data);
  }
  await flush();
}

function checkOwnership({ file, projectId, projectSlug }: WriteContext, model: BackupModel, data: Record<string, unknown>, line: number) {
  const isOwn = model.name === "Project" ? data.id === projectId && data.slug === projectSlug : !("projectId" in data) || data.projectId === projectId;
  if (!isOwn) throw new AppError("bad_request", `${file} line ${line}: a ${model.name} record of another project than the header's ${projectSlug}`);
}

async function writeBatch(
  db: Db,
  context: WriteContext,
  { model, rows, firstLine }: { model: BackupModel; rows: Record<string, unknown>[]; firstLine: number },
) {
  await checkReferences(db, context, model, rows, firstLine);
  try {
    await insertBackupRows(db, model, rows);
  } catch (error) {
    throw new AppError("conflict", `${context.file}: writing ${model.name} records from line ${firstLine} failed: ${(error as Error).message}`);
  }
  if (model.name === "User") context.createdUserIds.push(...rows.map((row) => String(row.id)));
  if (context.readBack && readBackById(model)) context.readBack.written(model.name, rows.map((row) => String(row.id)));
}

const idsPerCount = 900;

/** A row may only point at rows of the project being imported, never at another project's. */
async function checkReferences(db: Db, { file, projectId, sql }: WriteContext, model: BackupModel, rows: Record<string, unknown>[], firstLine: number) {
  for (const [field, parentName] of Object.entries(model.refs ?? {})) {
    const ids = [...new Set(rows.map((row) => row[field]).filter((id): id is string => typeof id === "string"))];
    if (ids.length === 0) continue;
    const inProject = findBackupModel(parentName)!.where({ projectId, userIds: [] });
    let found = 0;
    // In chunks: Prisma refuses a query with more parameters than SQLite allows (999).
    for (let start = 0; start < ids.length; start += idsPerCount) {
      const chunk = ids.slice(start, start + idsPerCount);
      const counted = sql && !("id" in inProject) ? await countInSql(sql, parentName, { ...inProject, id: { in: chunk } }) : null;
      found += counted ?? (await delegateOf(db, parentName).count({ where: { AND: [inProject, { id: { in: chunk } }] } }));
    }
    if (found !== ids.length) {
      throw new AppError("bad_request", `${file}: ${model.name} records from line ${firstLine} name a ${parentName} (${field}) that is not in this backup`);
    }
  }
}

async function removeImported(db: Db, projectId: string, createdUserIds: string[]) {
  await retryOnBusy(() => db.project.deleteMany({ where: { id: projectId } }));
  await retryOnBusy(() => db.user.deleteMany({ where: { id: { in: createdUserIds } } }));
}

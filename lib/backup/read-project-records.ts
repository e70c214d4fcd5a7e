import type { Db, Tx } from "../db/client";
import { backupModels, findBackupModel, type BackupModel, type BackupScope } from "./backup-models";
import { encodeRow, type BackupRecord } from "./backup-record";
import { delegateOf } from "./model-delegate";
import { findBackupUserIds } from "./find-backup-user-ids";
import { openSqlReader, readPagesInSql, type SqlReader } from "./read-rows-in-sql";

const pageSize = 1_000;
const parentChunk = 200;
// Through the driver a page costs little beyond its rows: larger pages and parent chunks, fewer round trips.
const sqlPageSize = 5_000;
const sqlParentChunk = 1_000;

export type Reading = { db: Db | Tx; sql: SqlReader | null };
// Prisma refuses a query with more parameters than SQLite allows (999).
const idsPerPrismaQuery = 900;

/**
 * Every row of a project, model by model in import order, read in pages by primary key, so memory
 * holds one page whatever the project's size. Outside a transaction the pages are read through the
 * driver (read-rows-in-sql.ts), as Prisma would return them.
 */
export async function* readProjectRecords(db: Db | Tx, projectId: string, { only }: { only?: (model: BackupModel) => boolean } = {}): AsyncGenerator<BackupRecord> {
  const scope = { projectId, userIds: await findBackupUserIds(db, projectId) };
  const reading = { db, sql: await openSqlReader(db) };
  for (const model of backupModels) {
    if (only && !only(model)) continue;
    for await (const row of readRows(reading, model, scope)) yield { model: model.name, data: encodeRow(model.name, row) };
  }
}

/** How many rows of each of `models` the project has, from their keys alone. */
export async function countProjectRows(db: Db, projectId: string, models: BackupModel[]): Promise<Record<string, number>> {
  const scope = { projectId, userIds: await findBackupUserIds(db, projectId) };
  const reading = { db, sql: await openSqlReader(db) };
  const counts: Record<string, number> = {};
  for (const model of models) {
    let count = 0;
    for await (const key of readRows(reading, model, scope, true)) count += key ? 1 : 0;
    if (count > 0) counts[model.name] = count;
  }
  return counts;
}

/** The rows of a model with these ids (a model keyed by "id"), as readProjectRecords reads them. */
export async function* readRecordsById(reading: Reading, model: BackupModel, ids: string[]): AsyncGenerator<BackupRecord> {
  const chunk = reading.sql ? sqlPageSize : idsPerPrismaQuery;
  for (let start = 0; start < ids.length; start += chunk) {
    for await (const row of readPages(reading, model, { id: { in: ids.slice(start, start + chunk) } }, false)) yield { model: model.name, data: encodeRow(model.name, row) };
  }
}

/** A model's rows in the project; with `keysOnly`, just their primary keys (a parent's ids for its children). */
async function* readRows(reading: Reading, model: BackupModel, scope: BackupScope, keysOnly = false): AsyncGenerator<Record<string, unknown>> {
  if (!model.parent) return yield* readPages(reading, model, model.where(scope), keysOnly);
  const { field } = model.parent;
  const chunk = reading.sql ? sqlParentChunk : parentChunk;
  let ids: unknown[] = [];
  for await (const parent of readRows(reading, findBackupModel(model.parent.model)!, scope, true)) {
    ids.push(parent.id);
    if (ids.length < chunk) continue;
    yield* readPages(reading, model, { [field]: { in: ids } }, keysOnly);
    ids = [];
  }
  if (ids.length > 0) yield* readPages(reading, model, { [field]: { in: ids } }, keysOnly);
}

async function* readPages({ db, sql }: Reading, model: BackupModel, where: Record<string, unknown>, keysOnly: boolean) {
  const inSql = sql && readPagesInSql(db, sql, model, where, { keysOnly, pageSize: sqlPageSize });
  if (inSql) return yield* inSql;
  const delegate = delegateOf(db, model.name);
  const orderBy = model.keys.map((key) => ({ [key]: "asc" }));
  const select = keysOnly ? Object.fromEntries(model.keys.map((key) => [key, true])) : undefined;
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const cursor = last ? cursorOf(model, last) : undefined;
    const rows = await delegate.findMany({ where, orderBy, select, take: pageSize, ...(cursor ? { cursor, skip: 1 } : {}) });
    yield* rows;
    if (rows.length < pageSize) return;
    last = rows.at(-1);
  }
}

function cursorOf(model: BackupModel, row: Record<string, unknown>) {
  const [only] = model.keys;
  if (model.keys.length === 1 && only) return { [only]: row[only] };
  return { [model.keys.join("_")]: Object.fromEntries(model.keys.map((key) => [key, row[key]])) };
}

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

type Reading = { db: Db | Tx; sql: SqlReader | null };

/**
 * Every row of a project, model by model in import order, read in pages by primary key, so memory
 * holds one page whatever the project's size. Outside a transaction the pages are read through the
 * driver (read-rows-in-sql.ts), as Prisma would return them.
 */
export async function* readProjectRecords(db: Db | Tx, projectId: string): AsyncGenerator<BackupRecord> {
  const scope = { projectId, userIds: await findBackupUserIds(db, projectId) };
  const reading = { db, sql: await openSqlReader(db) };
  for (const model of backupModels) {
    for await (const row of readRows(reading, model, scope)) yield { model: model.name, data: encodeRow(model.name, row) };
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

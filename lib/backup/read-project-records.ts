import type { Db, Tx } from "../db/client";
import { backupModels, findBackupModel, type BackupModel, type BackupScope } from "./backup-models";
import { encodeRow, type BackupRecord } from "./backup-record";
import { delegateOf } from "./model-delegate";
import { findBackupUserIds } from "./find-backup-user-ids";

const pageSize = 1_000;
const parentChunk = 200;

/**
 * Every row of a project, model by model in import order, read in pages by primary key, so memory
 * holds one page whatever the project's size.
 */
export async function* readProjectRecords(db: Db | Tx, projectId: string): AsyncGenerator<BackupRecord> {
  const scope = { projectId, userIds: await findBackupUserIds(db, projectId) };
  for (const model of backupModels) {
    for await (const row of readRows(db, model, scope)) yield { model: model.name, data: encodeRow(model.name, row) };
  }
}

/** A model's rows in the project; with `keysOnly`, just their primary keys (a parent's ids for its children). */
async function* readRows(db: Db | Tx, model: BackupModel, scope: BackupScope, keysOnly = false): AsyncGenerator<Record<string, unknown>> {
  if (!model.parent) return yield* readPages(db, model, model.where(scope), keysOnly);
  const { field } = model.parent;
  let ids: unknown[] = [];
  for await (const parent of readRows(db, findBackupModel(model.parent.model)!, scope, true)) {
    ids.push(parent.id);
    if (ids.length < parentChunk) continue;
    yield* readPages(db, model, { [field]: { in: ids } }, keysOnly);
    ids = [];
  }
  if (ids.length > 0) yield* readPages(db, model, { [field]: { in: ids } }, keysOnly);
}

async function* readPages(db: Db | Tx, model: BackupModel, where: Record<string, unknown>, keysOnly: boolean) {
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

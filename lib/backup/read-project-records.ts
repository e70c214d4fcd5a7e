import type { Db, Tx } from "../db/client";
import { backupModels, type BackupModel } from "./backup-models";
import { encodeRow, type BackupRecord } from "./backup-record";
import { delegateOf } from "./model-delegate";
import { findBackupUserIds } from "./find-backup-user-ids";

const pageSize = 1_000;

/**
 * Every row of a project, model by model in import order, read in pages by primary key, so memory
 * holds one page whatever the project's size.
 */
export async function* readProjectRecords(db: Db | Tx, projectId: string): AsyncGenerator<BackupRecord> {
  const scope = { projectId, userIds: await findBackupUserIds(db, projectId) };
  for (const model of backupModels) {
    for await (const row of readPages(db, model, model.where(scope))) yield { model: model.name, data: encodeRow(model.name, row) };
  }
}

async function* readPages(db: Db | Tx, model: BackupModel, where: Record<string, unknown>) {
  const delegate = delegateOf(db, model.name);
  const orderBy = model.keys.map((key) => ({ [key]: "asc" }));
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const cursor = last ? cursorOf(model, last) : undefined;
    const rows = await delegate.findMany({ where, orderBy, take: pageSize, ...(cursor ? { cursor, skip: 1 } : {}) });
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

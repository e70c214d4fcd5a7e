import { findPgPool, findSqliteConnection, idleSqlite, providerOfDb, type Db } from "../db/client";
import { insertRowsOnSqlite, insertStatements, jsonText, timeText, type Columns, type ColumnType, type Value } from "../db/insert-rows";
import { inPgTransaction } from "../db/in-pg-transaction";
import { insertRowsOnPostgres } from "../db/insert-rows-on-postgres";
import { Prisma } from "../db/generated/sqlite/client";
import { retryOnBusy } from "../db/retry-on-busy";
import type { BackupModel } from "./backup-models";
import { modelColumns } from "./model-columns";
import { delegateOf } from "./model-delegate";

/**
 * Writes one batch of a backup's decoded records in one transaction, on the driver's own connection
 * for rows that carry every column of their model, as a backup of this schema does: a prepared
 * statement on SQLite's, one INSERT ... SELECT FROM unnest (an array a column) on a pooled
 * PostgreSQL client. Rows of an older backup that lack a column (whose
 * default Prisma fills in), or of a model with a type raw SQL does not write, go through createMany.
 */
export async function insertBackupRows(db: Db, model: BackupModel, rows: Record<string, unknown>[]): Promise<void> {
  const columns = modelColumns(db, model.name);
  if (!columns || !rows.every((row) => carriesExactly(row, columns))) {
    await retryOnBusy(() => delegateOf(db, model.name).createMany({ data: rows.map((row) => decodeForPrisma(model, row)) }));
    return;
  }
  const optionalJson = new Set(model.optionalJson);
  const values = rows.map((row) => columns.map(([name, type]) => toValue(row[name], type, optionalJson.has(name))));
  const connection = await findSqliteConnection(db);
  const pool = findPgPool(db);
  await retryOnBusy(async () => {
    const sqlite = idleSqlite(connection);
    if (sqlite) sqlite.transaction(() => insertRowsOnSqlite(sqlite, model.name, columns, values)).immediate();
    else if (pool) await inPgTransaction(pool, (client) => insertRowsOnPostgres(client, model.name, columns, values));
    else await db.$transaction(insertStatements(db, providerOfDb(db), model.name, columns, values));
  });
}

function carriesExactly(row: Record<string, unknown>, columns: Columns): boolean {
  return Object.keys(row).length === columns.length && columns.every(([name]) => name in row);
}

/** A file's value as the column stores it: dates as Prisma writes them, Json as its text (a required Json's null as JSON null). */
function toValue(value: unknown, type: ColumnType, isOptionalJson: boolean): Value {
  if (type === "json") return value === null ? (isOptionalJson ? null : "null") : jsonText(value);
  if (value === null || value === undefined) return null;
  if (type === "time") return timeText(new Date(value as string));
  return value as Value;
}

/** For createMany: a null Json is SQL NULL when the field is optional, JSON null when it is required. */
function decodeForPrisma(model: BackupModel, data: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = { ...data };
  for (const field of model.optionalJson) if (row[field] === null) row[field] = Prisma.DbNull;
  for (const field of model.requiredJson) if (row[field] === null) row[field] = Prisma.JsonNull;
  return row;
}

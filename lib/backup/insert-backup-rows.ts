import { findSqliteConnection, providerOfDb, type Db } from "../db/client";
import { insertRowsOnSqlite, insertStatements, jsonText, timeText, type Columns, type ColumnType, type Value } from "../db/insert-rows";
import { Prisma } from "../db/generated/sqlite/client";
import { retryOnBusy } from "../db/retry-on-busy";
import type { BackupModel } from "./backup-models";
import { delegateOf } from "./model-delegate";

type Field = { name: string; kind: string; type: string };
/** What the Prisma client knows of each model's fields (the schema, as generated). */
type RuntimeDataModel = { models: Record<string, { fields: Field[] } | undefined> };

const columnTypes: Record<string, ColumnType> = { String: "text", Int: "int", Float: "float", Boolean: "bool", DateTime: "time", Json: "json" };
const columnsOfModel = new Map<string, Columns | null>();

/**
 * The model's columns for a raw INSERT, from the client's data model; null when a field has a type
 * written only through Prisma (BigInt, Bytes, Decimal, enums).
 */
function modelColumns(db: Db, model: string): Columns | null {
  if (columnsOfModel.has(model)) return columnsOfModel.get(model)!;
  const dataModel = (db as unknown as { _runtimeDataModel?: RuntimeDataModel })._runtimeDataModel;
  const fields = dataModel?.models[model]?.fields.filter((field) => field.kind !== "object");
  const columns = fields && fields.every((field) => field.kind === "scalar" && field.type in columnTypes) ? fields.map((field): [string, ColumnType] => [field.name, columnTypes[field.type]!]) : null;
  columnsOfModel.set(model, columns);
  return columns;
}

/**
 * Writes one batch of a backup's decoded records in one transaction: multi-row INSERTs with bound
 * parameters (a prepared statement on SQLite's connection), for rows that carry every column of
 * their model, as a backup of this schema does. Rows of an older backup that lack a column (whose
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
  await retryOnBusy(async () => {
    if (connection && !connection.inTransaction) connection.transaction(() => insertRowsOnSqlite(connection, model.name, columns, values)).immediate();
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

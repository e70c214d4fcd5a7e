import type { Db } from "../db/client";
import type { Columns, ColumnType } from "../db/insert-rows";

type Field = { name: string; kind: string; type: string };
/** What the Prisma client knows of each model's fields (the schema, as generated). */
type RuntimeDataModel = { models: Record<string, { fields: Field[] } | undefined> };

const columnTypes: Record<string, ColumnType> = { String: "text", Int: "int", Float: "float", Boolean: "bool", DateTime: "time", Json: "json" };
const columnsOfModel = new Map<string, Columns | null>();

/**
 * A model's columns for SQL written by hand (bulk writes and reads of a backup), from the client's
 * data model; null when a field has a type read and written only through Prisma (BigInt, Bytes,
 * Decimal, enums).
 */
export function modelColumns(db: Db, model: string): Columns | null {
  if (columnsOfModel.has(model)) return columnsOfModel.get(model)!;
  const dataModel = (db as unknown as { _runtimeDataModel?: RuntimeDataModel })._runtimeDataModel;
  const fields = dataModel?.models[model]?.fields.filter((field) => field.kind !== "object");
  const columns =
    fields && fields.every((field) => field.kind === "scalar" && field.type in columnTypes)
      ? fields.map((field): [string, ColumnType] => [field.name, columnTypes[field.type]!])
      : null;
  columnsOfModel.set(model, columns);
  return columns;
}

import pg from "pg";
import { findPgPool, findSqliteConnection, type Db, type Tx } from "../db/client";
import type { ColumnType } from "../db/insert-rows";
import type { BackupModel } from "./backup-models";
import { modelColumns } from "./model-columns";

type Row = Record<string, unknown>;
/** A query on the driver's own connection: SQL with `?` placeholders, its parameters, the rows as arrays of column values. */
type RunQuery = (sql: string, params: unknown[]) => Promise<unknown[][]>;
export type SqlReader = { provider: "sqlite" | "postgresql"; run: RunQuery };

const timestampOid = 1114;
// timestamp(3) as its text: node-postgres would read it in the process's local time zone.
const keepTimestampText = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === timestampOid ? (text: string) => text : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/**
 * The driver under a client, to read a project's rows without Prisma's per-row work (most of a
 * backup digest's time). Null inside a transaction (a Tx is not registered: the export's read
 * snapshot stays on Prisma) or when the driver is not reachable.
 */
export async function openSqlReader(db: Db | Tx): Promise<SqlReader | null> {
  const pool = findPgPool(db as Db);
  if (pool) {
    return {
      provider: "postgresql",
      run: async (sql, params) => {
        let position = 0;
        const text = sql.replace(/\?/g, () => `$${++position}`);
        return (await pool.query({ text, values: params, types: keepTimestampText, rowMode: "array" })).rows as unknown[][];
      },
    };
  }
  const connection = await findSqliteConnection(db as Db);
  if (connection) return { provider: "sqlite", run: async (sql, params) => connection.prepare(sql).raw(true).all(...params) as unknown[][] };
  return null;
}

/**
 * A model's rows matching `where`, page by page in key order, each as Prisma would return it (Date,
 * boolean, parsed Json), so a digest over them equals one over Prisma's. `where` is a Prisma filter
 * of plain equalities and `in` lists; null when it is anything else or the model has a column type
 * read only through Prisma, and the caller reads through Prisma.
 */
export function readPagesInSql(
  db: Db | Tx,
  reader: SqlReader,
  model: BackupModel,
  where: Row,
  { keysOnly, pageSize }: { keysOnly: boolean; pageSize: number },
): AsyncGenerator<Row> | null {
  const columns = modelColumns(db as Db, model.name);
  const filter = toSql(where);
  if (!columns || !filter) return null;
  const selected = keysOnly ? columns.filter(([name]) => model.keys.includes(name)) : columns;
  return readPages({ reader, model, selected, filter, pageSize });
}

async function* readPages({
  reader,
  model,
  selected,
  filter,
  pageSize,
}: {
  reader: SqlReader;
  model: BackupModel;
  selected: [string, ColumnType][];
  filter: { sql: string; params: unknown[] };
  pageSize: number;
}) {
  const keys = model.keys.map((key) => `"${key}"`).join(", ");
  const after = model.keys.length === 1 ? `${keys} > ?` : `(${keys}) > (${model.keys.map(() => "?").join(", ")})`;
  const select = `SELECT ${selected.map(([name]) => `"${name}"`).join(", ")} FROM "${model.name}" WHERE ${filter.sql}`;
  const keyPositions = model.keys.map((key) => selected.findIndex(([name]) => name === key));
  let last: unknown[] | undefined;
  for (;;) {
    const rows = await reader.run(`${select}${last ? ` AND ${after}` : ""} ORDER BY ${keys} LIMIT ${pageSize}`, [
      ...filter.params,
      ...(last ? keyPositions.map((position) => last![position]) : []),
    ]);
    for (const row of rows) yield decodeRow(reader.provider, selected, row);
    if (rows.length < pageSize) return;
    last = rows.at(-1);
  }
}

/** How many rows of `table` match `where` (as readPagesInSql reads it); null when `where` is not plain, and the caller counts through Prisma. */
export async function countInSql(reader: SqlReader, table: string, where: Row): Promise<number | null> {
  const filter = toSql(where);
  if (!filter) return null;
  const [row] = await reader.run(`SELECT count(*) AS "count" FROM "${table}" WHERE ${filter.sql}`, filter.params);
  return Number(row?.[0] ?? 0);
}

/** `{ field: value }` and `{ field: { in: [...] } }`, joined by AND; null for any other filter. */
function toSql(where: Row): { sql: string; params: unknown[] } | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  for (const [field, condition] of Object.entries(where)) {
    if (typeof condition === "string" || typeof condition === "number") {
      clauses.push(`"${field}" = ?`);
      params.push(condition);
    } else if (condition && typeof condition === "object" && Object.keys(condition).length === 1 && Array.isArray((condition as { in?: unknown }).in)) {
      const list = (condition as { in: unknown[] }).in;
      clauses.push(list.length === 0 ? "1 = 0" : `"${field}" IN (${list.map(() => "?").join(", ")})`);
      params.push(...list);
    } else return null;
  }
  return { sql: clauses.length > 0 ? clauses.join(" AND ") : "1 = 1", params };
}

function decodeRow(provider: SqlReader["provider"], columns: [string, ColumnType][], row: unknown[]): Row {
  const decoded: Row = {};
  for (let i = 0; i < columns.length; i++) decoded[columns[i]![0]] = decodeValue(provider, columns[i]![1], row[i]);
  return decoded;
}

function decodeValue(provider: SqlReader["provider"], type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === "time") return toDate(value);
  if (provider === "postgresql") return value;
  // Prisma's SQLite adapter turns on better-sqlite3's safe integers: whole numbers come back as BigInt.
  if (type === "bool") return Boolean(value);
  if (type === "json") return JSON.parse(value as string);
  if (typeof value === "bigint") return Number(value);
  return value;
}

/** SQLite holds Prisma's ISO text (or epoch milliseconds); PostgreSQL's timestamp text has no zone, and is UTC. */
function toDate(value: unknown): Date {
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  return new Date(/(?:Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
}

import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import type { Db } from "./client";
import type { DatabaseProvider } from "./database-url";

export type ColumnType = "text" | "int" | "float" | "bool" | "json" | "time";
export type Value = string | number | boolean | null;
export type Columns = [string, ColumnType][];

/** The columns' names, quoted, for an INSERT's column list. */
export function quotedNames(columns: Columns): string {
  return columns.map(([name]) => `"${name}"`).join(", ");
}
/** A client or an interactive transaction: what runs the statements. */
export type RawExecutor = Pick<Db, "$executeRawUnsafe">;

// Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535.
const maxParameters = 30_000;

/**
 * Multi-row INSERTs with bound parameters for rows whose ids are made by the caller, for bulk
 * writes where per-row ORM work would dominate. Run the statements in one `db.$transaction`.
 * `onConflict` is an `ON CONFLICT ...` clause, which both databases read the same way.
 */
export function insertStatements(db: RawExecutor, provider: DatabaseProvider, table: string, columns: Columns, rows: Value[][], onConflict = "") {
  const perStatement = Math.floor(maxParameters / columns.length);
  const names = quotedNames(columns);
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: Value[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = row.map((value, i) => {
        params.push(toParameter(provider, columns[i]![1], value));
        return placeholder(provider, params.length, columns[i]![1]);
      });
      return `(${placeholders.join(", ")})`;
    });
    statements.push(db.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) VALUES ${tuples.join(", ")} ${onConflict}`.trimEnd(), ...params));
  }
  return statements;
}

/** An UPDATE of one row by its "id" column, setting every column of `row` except id and those in `keep`. */
export function updateStatement(db: RawExecutor, provider: DatabaseProvider, table: string, columns: Columns, row: Value[], { keep }: { keep: string[] }) {
  const params: Value[] = [];
  const sets: string[] = [];
  let id: Value = null;
  columns.forEach(([name, type], i) => {
    const value = row[i] ?? null;
    if (name === "id") id = value;
    if (name === "id" || keep.includes(name)) return;
    params.push(toParameter(provider, type, value));
    sets.push(`"${name}" = ${placeholder(provider, params.length, type)}`);
  });
  params.push(id);
  return db.$executeRawUnsafe(`UPDATE "${table}" SET ${sets.join(", ")} WHERE "id" = ${placeholder(provider, params.length, "text")}`, ...params);
}

// Rows per prepared statement: each run() crosses into SQLite once for this many rows.
const rowsPerStatement = 64;
const preparedInserts = new WeakMap<SqliteConnection, Map<string, Statement>>();

/**
 * The same rows through prepared multi-row INSERTs on a better-sqlite3 connection,
 * `rowsPerStatement` at a time, the rest in statements of 32, 16, ... 1 rows (each run() costs
 * about as much as a few rows, and the reward API's grouped writes are mostly such rests); call
 * inside its transaction. `onConflict` is an `ON CONFLICT ...` clause.
 */
export function insertRowsOnSqlite(connection: SqliteConnection, table: string, columns: Columns, rows: Value[][], onConflict = ""): void {
  let start = 0;
  for (let size = rowsPerStatement; size >= 1 && start < rows.length; size >>= 1) {
    if (rows.length - start < size) continue;
    const statement = sqliteInsert(connection, table, columns, size, onConflict);
    const params: Value[] = new Array(size * columns.length);
    for (; rows.length - start >= size; start += size) {
      let at = 0;
      for (let r = start; r < start + size; r++) {
        const row = rows[r]!;
        for (let c = 0; c < columns.length; c++) params[at++] = toParameter("sqlite", columns[c]![1], row[c] ?? null);
      }
      statement.run(params);
    }
  }
}

function sqliteInsert(connection: SqliteConnection, table: string, columns: Columns, rowCount: number, onConflict: string): Statement {
  let byShape = preparedInserts.get(connection);
  if (!byShape) preparedInserts.set(connection, (byShape = new Map()));
  // Keyed by the SQL: one table may be written with different column lists (a backup writes every column).
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const sql = `INSERT INTO "${table}" (${quotedNames(columns)}) VALUES ${Array.from({ length: rowCount }, () => tuple).join(", ")} ${onConflict}`.trimEnd();
  let statement = byShape.get(sql);
  if (!statement) byShape.set(sql, (statement = connection.prepare(sql)));
  return statement;
}

export const pgTypes: Record<ColumnType, string> = { text: "text", int: "integer", float: "double precision", bool: "boolean", json: "jsonb", time: "timestamp(3)" };

function placeholder(provider: DatabaseProvider, position: number, type: ColumnType): string {
  // PostgreSQL gets each parameter's type spelled out; SQLite stores what it is given.
  return provider === "postgresql" ? `$${position}::${pgTypes[type]}` : "?";
}

export function toParameter(provider: DatabaseProvider, type: ColumnType, value: Value): Value {
  if (value === null) return null;
  // SQLite has no boolean: Prisma stores 0/1, as here.
  if (type === "bool" && provider === "sqlite") return value ? 1 : 0;
  return value;
}

/** Prisma's SQLite adapter writes DateTime as ISO 8601 text with "+00:00"; PostgreSQL reads it too. */
export const timeText = (value: Date) => value.toISOString().replace("Z", "+00:00");
export const jsonText = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

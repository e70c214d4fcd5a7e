import type { Database as SqliteConnection, Statement } from "better-sqlite3";
import { toParameter, type Columns, type Value } from "./insert-rows";

// Rows per prepared statement: each run() crosses into SQLite once for this many rows.
const rowsPerStatement = 64;
const prepared = new WeakMap<SqliteConnection, Map<string, Statement>>();

/**
 * Rows through prepared multi-row INSERTs on a better-sqlite3 connection, `rowsPerStatement` at a
 * time (the rest one by one); call inside its transaction. `onConflict` is an `ON CONFLICT ...` clause.
 */
export function insertRowChunksOnSqlite(connection: SqliteConnection, table: string, columns: Columns, rows: Value[][], onConflict = ""): void {
  const full = rows.length - (rows.length % rowsPerStatement);
  if (full > 0) {
    const statement = statementFor(connection, table, columns, rowsPerStatement, onConflict);
    const params: Value[] = new Array(rowsPerStatement * columns.length);
    for (let start = 0; start < full; start += rowsPerStatement) {
      let at = 0;
      for (let r = start; r < start + rowsPerStatement; r++) {
        const row = rows[r]!;
        for (let c = 0; c < columns.length; c++) params[at++] = toParameter("sqlite", columns[c]![1], row[c] ?? null);
      }
      statement.run(params);
    }
  }
  if (full === rows.length) return;
  const single = statementFor(connection, table, columns, 1, onConflict);
  for (let r = full; r < rows.length; r++) single.run(rows[r]!.map((value, c) => toParameter("sqlite", columns[c]![1], value ?? null)));
}

function statementFor(connection: SqliteConnection, table: string, columns: Columns, rowCount: number, onConflict: string): Statement {
  let byShape = prepared.get(connection);
  if (!byShape) prepared.set(connection, (byShape = new Map()));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const sql = `INSERT INTO "${table}" (${columns.map(([name]) => `"${name}"`).join(", ")}) VALUES ${Array.from({ length: rowCount }, () => tuple).join(", ")} ${onConflict}`.trimEnd();
  let statement = byShape.get(sql);
  if (!statement) byShape.set(sql, (statement = connection.prepare(sql)));
  return statement;
}

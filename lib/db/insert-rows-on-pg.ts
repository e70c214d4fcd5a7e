import type pg from "pg";
import { pgTypes, type Columns, type Value } from "./insert-rows";

/**
 * Rows into one PostgreSQL table in one statement with one parameter a column: each column's values
 * as an array, turned back into rows by unnest. Parsing stays cheap however many rows (a multi-row
 * VALUES list costs a parameter a value and stops at 65,535 of them). Run it inside the caller's
 * transaction on `client`.
 */
export async function insertRowsOnPg(client: pg.ClientBase, table: string, columns: Columns, rows: Value[][]): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, i) => rows.map((row) => row[i] ?? null));
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const unnested = columns.map(([, type], i) => `$${i + 1}::${pgTypes[type]}[]`).join(", ");
  await client.query(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${unnested})`, arrays);
}

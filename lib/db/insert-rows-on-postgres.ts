import type pg from "pg";
import { pgTypes, type Columns, type Value } from "./insert-rows";

/**
 * Rows as one `INSERT ... SELECT * FROM unnest(...)` on a node-postgres client: one array parameter
 * per column, so the statement and its parse cost stay the same size whatever the row count, and no
 * ORM work per value. Call inside the client's transaction. `onConflict` is an `ON CONFLICT ...` clause.
 */
export async function insertRowsOnPostgres(client: pg.ClientBase, table: string, columns: Columns, rows: Value[][], onConflict = ""): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, c) => rows.map((row) => row[c] ?? null));
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const unnest = columns.map(([, type], c) => `$${c + 1}::${pgTypes[type]}[]`).join(", ");
  await client.query(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${unnest}) ${onConflict}`.trimEnd(), arrays);
}

import type pg from "pg";
import { pgTypes, quotedNames, type Columns, type Value } from "./insert-rows";

/**
 * Rows as one `INSERT ... SELECT ... FROM unnest(...)` on a node-postgres client: one array parameter
 * per column, so the statement and its parse cost stay the same size whatever the row count, and no
 * ORM work per value. A column with the same value in every row (a batch's project, its creation
 * time) is sent once, as a plain parameter, not as an array of copies for the driver to quote and the
 * server to parse. Call inside the client's transaction. `onConflict` is an `ON CONFLICT ...` clause.
 */
export async function insertRowsOnPostgres(client: pg.ClientBase, table: string, columns: Columns, rows: Value[][], onConflict = ""): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  await client.query(`INSERT INTO "${table}" (${quotedNames(columns)}) ${selectRows(columns, rows, params)} ${onConflict}`.trimEnd(), params);
}

/**
 * `SELECT ... FROM unnest(...)`: the rows as a query whose columns are named as `columns` names them,
 * their parameters appended to `params` (so several can share one statement). `rows` is not empty.
 */
export function selectRows(columns: Columns, rows: Value[][], params: unknown[]): string {
  const selected: string[] = [];
  const unnested: string[] = [];
  const aliases: string[] = [];
  columns.forEach(([name, type], c) => {
    const first = rows[0]![c] ?? null;
    // One column stays an array whatever its values, so the SELECT has as many rows as `rows`.
    const isConstant = rows.length > 1 && (c < columns.length - 1 || unnested.length > 0) && rows.every((row) => (row[c] ?? null) === first);
    params.push(isConstant ? first : arrayLiteral(rows, c));
    if (isConstant) selected.push(`$${params.length}::${pgTypes[type]} AS "${name}"`);
    else {
      unnested.push(`$${params.length}::${pgTypes[type]}[]`);
      aliases.push(`c${c}`);
      selected.push(`c${c} AS "${name}"`);
    }
  });
  return `SELECT ${selected.join(", ")} FROM unnest(${unnested.join(", ")}) AS given (${aliases.join(", ")})`;
}

const quoteOrBackslash = /["\\]/;

/**
 * Column `c` of the rows as PostgreSQL's array text (what node-postgres would make of a JS array,
 * without its per-element type checks and two regex replacements: most values here are ids and
 * numbers with nothing to escape).
 */
function arrayLiteral(rows: Value[][], c: number): string {
  const elements = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const value = rows[r]![c] ?? null;
    if (value === null) elements[r] = "NULL";
    else {
      const text = typeof value === "string" ? value : String(value);
      elements[r] = quoteOrBackslash.test(text) ? `"${text.replace(/["\\]/g, "\\$&")}"` : `"${text}"`;
    }
  }
  return `{${elements.join(",")}}`;
}

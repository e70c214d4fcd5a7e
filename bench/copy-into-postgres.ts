// COPY ... FROM STDIN over node-postgres's own connection, for building the bench's large data sets
// (pg-copy-streams is not a dependency): a query object the client submits like any other, which
// answers the server's CopyInResponse with the rows as COPY text, then CopyDone.
import type pg from "pg";
import type { Columns, Value } from "../lib/db/insert-rows";

type Connection = {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableLength: number };
};

// COPY's text format: a tab between fields, \N for null, and backslash escapes for the characters
// that would end a field or a row.
const escapes: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const field = (value: Value): string => (value === null ? "\\N" : typeof value === "string" ? value.replace(/[\\\t\n\r]/g, (c) => escapes[c]!) : String(value));

/** The rows as COPY text, in chunks of about a megabyte. */
function* copyText(rows: Value[][]): Generator<Buffer> {
  let lines: string[] = [];
  let size = 0;
  for (const row of rows) {
    const line = row.map(field).join("\t");
    lines.push(line);
    size += line.length + 1;
    if (size >= 1 << 20) {
      yield Buffer.from(lines.join("\n") + "\n");
      lines = [];
      size = 0;
    }
  }
  if (lines.length > 0) yield Buffer.from(lines.join("\n") + "\n");
}

class CopyFrom {
  callback: ((error: Error | null) => void) | undefined;
  private error: Error | null = null;
  constructor(
    private readonly text: string,
    private readonly chunks: Iterable<Buffer>,
  ) {}

  submit(connection: Connection) {
    connection.query(this.text);
  }

  async handleCopyInResponse(connection: Connection) {
    try {
      for (const chunk of this.chunks) {
        connection.sendCopyFromChunk(chunk);
        // Wait for the socket to take what was sent rather than holding the whole table in its buffer.
        if (connection.stream.writableLength > 8 << 20) await new Promise((resolve) => connection.stream.once("drain", resolve));
      }
      connection.endCopyFrom();
    } catch (error) {
      connection.sendCopyFail(String(error));
    }
  }

  handleError(error: Error) {
    this.error = error;
  }

  handleCommandComplete() {}

  handleReadyForQuery() {
    this.callback?.(this.error);
  }
}

/** COPY the rows into the table's columns on the client's connection (inside its transaction, if one is open). */
export function copyRows(client: pg.Client, table: string, columns: Columns, rows: Value[][]): Promise<void> {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const copy = new CopyFrom(`COPY "${table}" (${names}) FROM STDIN`, copyText(rows));
  return new Promise((resolve, reject) => {
    copy.callback = (error) => (error ? reject(error) : resolve());
    void (client as unknown as { query(submittable: CopyFrom): void }).query(copy);
  });
}

type Definition = { name: string; table: string; definition: string };

/**
 * Runs `load` with the tables' indexes, primary and unique keys and foreign keys (theirs and those pointing at
 * them) dropped, and makes them again afterwards from their definitions as the database printed
 * them: building an index once over the loaded rows is several times faster than keeping it up to
 * date row by row. Call inside a transaction, so a load that fails leaves the schema as it was.
 */
export async function withIndexesBuiltAfter<T>(client: pg.Client, tables: string[], load: () => Promise<T>): Promise<T> {
  const regclasses = tables.map((table) => `"${table}"`);
  const constraints = (
    await client.query<Definition & { kind: string }>(
      `SELECT c.conname AS name, c.conrelid::regclass::text AS table, pg_get_constraintdef(c.oid) AS definition, c.contype AS kind
       FROM pg_constraint c WHERE c.contype IN ('p', 'u', 'f') AND (c.conrelid = ANY($1::regclass[]) OR c.confrelid = ANY($1::regclass[]))`,
      [regclasses],
    )
  ).rows;
  const foreignKeys = constraints.filter((constraint) => constraint.kind === "f");
  const keys = constraints.filter((constraint) => constraint.kind !== "f" && regclasses.includes(constraint.table));
  const indexes = (
    await client.query<Definition>(
      `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
      [regclasses],
    )
  ).rows;
  for (const { name, table } of [...foreignKeys, ...keys]) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT "${name}"`);
  for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
  const result = await load();
  for (const { name, table, definition } of keys) await client.query(`ALTER TABLE ${table} ADD CONSTRAINT "${name}" ${definition}`);
  for (const { definition } of indexes) await client.query(definition);
  for (const { name, table, definition } of foreignKeys) await client.query(`ALTER TABLE ${table} ADD CONSTRAINT "${name}" ${definition}`);
  return result;
}

import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../../errors/app-error";

const lineBreaks = /\r\n|\n|\r/g;

/**
 * RFC 4180 CSV (csv-parse): quoted fields may hold commas, quotes ("") and line breaks; \n, \r\n and
 * \r all end a row; a quote inside an unquoted cell is kept as text; rows of empty cells are
 * dropped. Each row keeps the line it starts on.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  try {
    const records = parse(text, {
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      // The typings know only the plain string[][] result; with `info` and `raw` each row is wrapped.
    }) as unknown as Array<{ record: string[]; info: { lines: number }; raw: string }>;
    // csv-parse counts lines up to a record's end; a quoted line break inside it moves its start up.
    return records.map(({ record, info, raw }) => ({ line: info.lines - (raw.replace(/(?:\r\n|\n|\r)$/, "").match(lineBreaks)?.length ?? 0), cells: record }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new AppError("bad_request", `Not a CSV file: ${error.message}`, [{ line: line ?? null, message: error.message }]);
    }
    throw error;
  }
}

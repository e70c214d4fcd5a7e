import { AppError } from "../../errors/app-error";
import { parseJson } from "../../json/parse-json";
import { parseJsonBody } from "../../json/parse-json-body";
import { inFileOrder, type MetricFileResult } from "./metric-file-result";
import { parseCsv } from "./parse-csv";
import { quoteNonFiniteTokens } from "./quote-non-finite-tokens";
import { readTfEvents } from "./read-tfevents";
import { rowsToPoints, type MetricRow } from "./rows-to-points";

/**
 * A run's metrics from a file: JSONL (points or history rows, verl's `{"step", "data"}` lines),
 * JSON (an array of them, W&B's `{"history": [...]}`, or Hugging Face's trainer_state.json with its
 * `log_history`), CSV with a header (W&B's history or chart export, pandas' to_csv), or a
 * TensorBoard event file. The format comes from the name, else from the content. Python's bare
 * NaN/Infinity tokens are read as non-numbers (counted in `skipped`), the rest of their line kept.
 */
export function readMetricFile(bytes: Uint8Array, fileName: string): MetricFileResult {
  const name = fileName.toLowerCase();
  if (name.includes("tfevents") || (!name.match(/\.(jsonl|ndjson|json|csv)$/) && !isText(bytes))) return readTfEvents(bytes);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/^\uFEFF/, "");
  if (name.endsWith(".csv") || (!name.match(/\.(jsonl|ndjson|json)$/) && !text.trimStart().startsWith("{") && !text.trimStart().startsWith("["))) return readCsvRows(text);
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || (name.endsWith(".json") && trimmed.startsWith("{"))) {
    const parsed = parseJsonBody(new TextEncoder().encode(quoteNonFiniteTokens(text)));
    const list = Array.isArray(parsed) ? parsed : isRecord(parsed) ? [parsed.history, parsed.points, parsed.log_history].find(Array.isArray) : null;
    if (!list) throw new AppError("bad_request", `${fileName}: a JSON metrics file is an array of rows, {"history": [...]}, {"points": [...]} or a trainer_state.json ({"log_history": [...]})`);
    return rowsToPoints(list.map((row, index) => (isRecord(row) ? { row, index } : { row: {}, index })), "json");
  }
  const rows: MetricRow[] = [];
  const rejected: MetricFileResult["rejected"] = [];
  text.split("\n").forEach((raw, i) => {
    if (raw.trim() === "") return;
    const parsed = parseJson(quoteNonFiniteTokens(raw), { multiline: false });
    if (!parsed.ok) rejected.push({ line: i + 1, error: `not JSON: ${parsed.error}` });
    else if (isRecord(parsed.value)) rows.push({ row: parsed.value, line: i + 1 });
    else rejected.push({ line: i + 1, error: "not a JSON object" });
  });
  const result = rowsToPoints(rows, "jsonl");
  return { ...result, rejected: inFileOrder([...rejected, ...result.rejected]) };
}

function readCsvRows(text: string): MetricFileResult {
  const [header, ...body] = parseCsv(text);
  if (!header) return { format: "csv", points: [], rejected: [], skipped: 0 };
  // pandas' to_csv writes its index as a first column with an empty name ("Unnamed: 0" once read back and written again): not a metric.
  const isIndex = (column: string) => column.trim() === "" || /^Unnamed: \d+$/.test(column.trim());
  const rows = body.map(({ line, cells }) => ({ line, row: Object.fromEntries(header.cells.flatMap((column, i) => (isIndex(column) ? [] : [[column.trim(), cells[i] ?? ""]]))) }));
  return rowsToPoints(rows, "csv");
}

function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 512);
  return head.every((byte) => byte === 9 || byte === 10 || byte === 13 || byte >= 32);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

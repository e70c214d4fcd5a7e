import type { MetricPointInput } from "../run-intake-schemas";

export type MetricFileFormat = "jsonl" | "json" | "csv" | "tensorboard";

/** What a metrics file held: its points, the lines or records that could not be read, and how many values were not numbers. */
export type MetricFileResult = {
  format: MetricFileFormat;
  points: MetricPointInput[];
  rejected: Array<{ line?: number; index?: number; error: string }>;
  /** Cells or fields that were not finite numbers (media, text, NaN): left out, counted. */
  skipped: number;
};

/** Rejections by line, or by record in a file without lines. */
export function inFileOrder(rejected: MetricFileResult["rejected"]): MetricFileResult["rejected"] {
  return rejected.sort((a, b) => (a.line ?? a.index ?? 0) - (b.line ?? b.index ?? 0));
}

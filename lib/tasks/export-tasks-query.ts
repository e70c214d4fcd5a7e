import { z } from "zod";
import { ndjsonResponse } from "../http/ndjson-response";
import { bandSchema, DEFAULT_BAND } from "./difficulty";
import { exportFormatSchema } from "./export-tasks";

/** ?band=0.1,0.9&format=trl|verifiers, both optional (the default band, TRL). */
export const exportTasksQuerySchema = z.object({
  band: bandSchema.optional().transform((band) => band ?? DEFAULT_BAND),
  format: exportFormatSchema.default("trl"),
});
export type ExportTasksQuery = z.infer<typeof exportTasksQuerySchema>;

/** The JSONL download of an export: streamed, one task a line. */
export function exportTasksResponse(lines: AsyncGenerator<string>, { band, format }: ExportTasksQuery): Response {
  return ndjsonResponse(lines, `tasks-${format}-${band.low}-${band.high}.jsonl`);
}

import { ndjsonResponse } from "../http/ndjson-response";
import { distillQuerySchema } from "./distill-query";
import { exportDistillation } from "./export-distillation";
import type { Db } from "../db/client";

/** The distillation export for a query string: validated (a bad filter is a 400 naming it), then streamed. */
export function distillationResponse(db: Db, projectId: string, searchParams: URLSearchParams): Response {
  const query = distillQuerySchema.parse(Object.fromEntries(searchParams));
  const name = [query.format, query.environment, query.run]
    .filter(Boolean)
    .join("-")
    .replace(/[^\w.-]+/g, "_");
  return ndjsonResponse(exportDistillation(db, { projectId, ...query }), `distillation-${name}.jsonl`);
}

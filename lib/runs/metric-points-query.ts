import { z } from "zod";
import { MAX_METRIC_POINTS_PER_PAGE } from "./list-metric-points";

/** ?name=&afterStep=&limit= of GET /api/v1/runs/{id}/metrics: without a name, every metric's summary. */
export const metricPointsQuerySchema = z.object({
  name: z.string().min(1).max(200).optional(),
  afterStep: z.coerce.number().int().min(-1).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_METRIC_POINTS_PER_PAGE).optional(),
});

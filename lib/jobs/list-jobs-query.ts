import { z } from "zod";
import { jobStatusSchema } from "./job-status";

/** ?status=&type=&limit= of GET /api/v1/jobs. */
export const listJobsQuerySchema = z.object({
  status: jobStatusSchema.optional(),
  type: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

import { z } from "zod";
import { runStatuses } from "./run-view";

/** GET /api/v1/runs: a trainer finds its run by the name it registered, without registering it again. */
export const listRunsQuerySchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(200).optional().describe("only the run registered under this exact name"),
  status: z.enum(runStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListRunsQuery = z.infer<typeof listRunsQuerySchema>;

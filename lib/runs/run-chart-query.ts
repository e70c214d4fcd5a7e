import { z } from "zod";
import { MAX_TRAINING_STEP } from "../traces/training-step-schema";

const ids = z
  .string()
  .transform((text) => [...new Set(text.split(",").map((part) => part.trim()).filter(Boolean))])
  .pipe(z.array(z.string().min(1).max(100)).min(1, "name at least one run").max(8, "compare at most 8 runs"));
const names = z
  .string()
  .transform((text) => [...new Set(text.split(",").map((part) => part.trim()).filter(Boolean))])
  .pipe(z.array(z.string().min(1).max(200)).max(24, "chart at most 24 metrics at once"));
const step = z.coerce.number().int().nonnegative().max(MAX_TRAINING_STEP);

/** GET /api/runs/chart: which runs and metrics, the step window, how many buckets. */
export const runChartQuerySchema = z
  .object({
    runs: ids,
    metrics: names.optional(),
    from: step.optional(),
    to: step.optional(),
    buckets: z.coerce.number().int().min(10).max(5_000).optional(),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, { message: "from must not be after to", path: ["from"] });
export type RunChartQuery = z.infer<typeof runChartQuerySchema>;

/** GET /api/runs/{id}/rollouts: the step window of the table under the chart. */
export const runRolloutsQuerySchema = z
  .object({ from: step.optional(), to: step.optional(), limit: z.coerce.number().int().min(1).max(500).optional() })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, { message: "from must not be after to", path: ["from"] });
export type RunRolloutsQuery = z.infer<typeof runRolloutsQuerySchema>;

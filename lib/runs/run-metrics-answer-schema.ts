import { z } from "zod";
import { metricOverviewSchema } from "./run-detail-schema";

/** GET /api/v1/runs/{id}/metrics without ?name=: every metric of the run. */
const runMetricsOverviewSchema = z.strictObject({ runId: z.string(), metrics: z.array(metricOverviewSchema) });

/** With ?name=: a page of that metric's points in step order. */
const runMetricPointsPageSchema = z.strictObject({
  runId: z.string(),
  name: z.string(),
  points: z.array(z.strictObject({ step: z.number().int(), value: z.number(), time: z.iso.datetime().nullable() })),
  nextAfterStep: z.number().int().nullable().describe("?afterStep= for the next page; null on the last"),
});

export const runMetricsAnswerSchema = z.union([runMetricsOverviewSchema, runMetricPointsPageSchema]);
export type RunMetricsAnswer = z.infer<typeof runMetricsAnswerSchema>;

import { z } from "zod";
import { runViewSchema } from "./run-view";

/** POST /api/v1/runs: the run, and whether this request made it (201) or found it by its name (200). */
export const registerRunAnswerSchema = runViewSchema.extend({ created: z.boolean().describe("made by this request (201), or found by its name (200)") });
export type RegisterRunAnswer = z.infer<typeof registerRunAnswerSchema>;

/** GET /api/v1/runs. */
export const listRunsAnswerSchema = z.strictObject({ runs: z.array(runViewSchema).describe("newest first") });
export type ListRunsAnswer = z.infer<typeof listRunsAnswerSchema>;

/** POST /api/v1/runs/{id}/metrics. */
export const metricPointsAnswerSchema = z.strictObject({
  runId: z.string(),
  accepted: z.number().int().describe("the points written (the last of several with the same name and step counts once)"),
  jobIds: z.array(z.string()).describe("the pipeline event that recomputes the run's divergence (GET /jobs/{id})"),
});
export type MetricPointsAnswer = z.infer<typeof metricPointsAnswerSchema>;

/** POST /api/v1/runs/{id}/events. */
export const runEventsAnswerSchema = z.strictObject({
  runId: z.string(),
  accepted: z.number().int().describe("the events stored now"),
  duplicates: z.number().int().describe("the events stored before (by key, or by content when they have none)"),
});
export type RunEventsAnswer = z.infer<typeof runEventsAnswerSchema>;

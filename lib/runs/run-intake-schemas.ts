import { z } from "zod";
import { trainingStepSchema } from "../traces/training-step-schema";
import { zonedDateTimeSchema } from "../json/zoned-date-time-schema";
import { isServerMetricName, SERVER_METRIC_NAME_REFUSAL, SERVER_METRIC_PREFIX } from "./server-metric-names";

export const MAX_METRIC_POINTS_PER_REQUEST = 10_000;
export const MAX_RUN_EVENTS_PER_REQUEST = 1_000;

const nameSchema = z.string().trim().min(1, "must not be empty").max(200);

/** config.divergence: the proxy/reference metric pairs the monitor watches, when the trainer names them. */
export const divergenceConfigSchema = z
  .array(z.object({ proxy: z.string().min(1).max(200), reference: z.string().min(1).max(200) }), { error: 'must be a list of {"proxy", "reference"} metric names' })
  .min(1)
  .max(50);

/** A run's config is the trainer's own (kept as sent); only the keys Goodhart reads are checked. */
const runConfigSchema = z.looseObject({ divergence: divergenceConfigSchema.optional() });

/** POST /api/v1/runs: the same name in a project is the same run. */
export const registerRunSchema = z.strictObject({
  name: nameSchema,
  trainer: z.string().trim().min(1).max(100).optional(),
  environment: z.string().trim().min(1).max(200).optional(),
  rubricVersionId: z.string().trim().min(1).max(100).optional(),
  config: runConfigSchema.optional(),
});
export type RegisterRunInput = z.infer<typeof registerRunSchema>;

// 253,402,300,799 s is the last second of the year 9999: a larger number is milliseconds or nanoseconds, not seconds.
const MAX_EPOCH_SECONDS = 253_402_300_799;
const epochSecondsSchema = z.number().finite().nonnegative().max(MAX_EPOCH_SECONDS, "seconds since the epoch (Python's time.time()); this number is past the year 9999, so it looks like milliseconds or nanoseconds");
const timeSchema = z.union([zonedDateTimeSchema, epochSecondsSchema]).transform(toDate);

/** A time as ISO 8601 text, or as seconds since the epoch (what Python's time.time() gives). */
function toDate(value: string | number): Date {
  return typeof value === "number" ? new Date(value * 1000) : new Date(value);
}

export const metricPointSchema = z.strictObject({
  step: trainingStepSchema,
  name: nameSchema
    .refine((name) => !isServerMetricName(name), SERVER_METRIC_NAME_REFUSAL)
    .describe(`The metric's name. Names under ${SERVER_METRIC_PREFIX} are the server's own (per-step metrics of the run's rewarded rollouts) and are refused.`),
  value: z.number({ error: "must be a finite number (JSON has no NaN or Infinity)" }).finite(),
  time: timeSchema.optional(),
});
export type MetricPointInput = z.infer<typeof metricPointSchema>;

export const metricPointsBodySchema = z.strictObject({
  points: z.array(metricPointSchema).min(1, "send at least one point").max(MAX_METRIC_POINTS_PER_REQUEST, `at most ${MAX_METRIC_POINTS_PER_REQUEST} points per request; send several requests`),
});

export const runEventKinds = ["checkpoint", "rubric_changed", "note", "finished", "failed"] as const;

export const runEventSchema = z.strictObject({
  kind: z.enum(runEventKinds),
  step: trainingStepSchema.optional(),
  message: z.string().max(10_000).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  time: timeSchema.optional(),
  /** The sender's id for the event; re-sending it adds nothing. Without one, the event's content is its key. */
  key: z.string().min(1).max(200).optional(),
});
export type RunEventInput = z.infer<typeof runEventSchema>;

export const runEventListSchema = z.strictObject({ events: z.array(runEventSchema).min(1).max(MAX_RUN_EVENTS_PER_REQUEST, `at most ${MAX_RUN_EVENTS_PER_REQUEST} events per request`) });

/** One event, or `{"events": [...]}`. */
export const runEventsBodySchema = z.preprocess(
  (body) => (body && typeof body === "object" && !Array.isArray(body) && !("events" in body) ? { events: [body] } : body),
  runEventListSchema,
);

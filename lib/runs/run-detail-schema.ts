import { z } from "zod";

const firstLast = z.object({ first: z.number(), last: z.number() });

/** The lab's summary numbers, stored on the run (firsts and lasts are means over summaryWindow). */
const runSummarySchema = z.looseObject({
  steps: z.number().int(),
  proxyReward: firstLast,
  trueSuccess: z.object({ first: z.number(), best: z.number(), last: z.number() }),
  heldOutSuccess: firstLast,
  hackRate: firstLast,
});

/** The monitor's hack-risk verdict, stored on the run by its last runs.divergence job. */
const hackRiskSchema = z.looseObject({
  level: z.enum(["none", "watch", "likely"]),
  score: z.number(),
  summary: z.string(),
  evidence: z.array(z.string()),
  assessedAt: z.iso.datetime(),
});

/** A metric of a run: its point count and its first and last window means (loadRunMetrics). */
export const metricOverviewSchema = z
  .strictObject({
    name: z.string(),
    points: z.number().int(),
    window: z.number().int().describe("the points first and last are the means of"),
    first: z.number(),
    last: z.number(),
    firstStep: z.number().int(),
    lastStep: z.number().int(),
  })
  .meta({ id: "MetricOverview" });

const detectionSchema = z.strictObject({
  kind: z.enum(["metric_divergence", "held_out_gap", "behaviour_drift"]),
  edgeCaseId: z.string(),
  status: z.string().describe("open, decided, or withdrawn (the monitor's later data no longer supported it)"),
  noLongerSupported: z.string().nullable(),
  metricPair: z.strictObject({ proxy: z.string(), reference: z.string() }).nullable(),
  behaviours: z.array(z.string()),
  fromStep: z.number().int(),
  toStep: z.number().int(),
  onset: z.strictObject({ step: z.number().int(), from: z.number().int().nullable(), to: z.number().int().nullable() }).describe("the estimated onset, with its interval when the monitor gives one"),
  numbers: z.record(z.string(), z.unknown()).describe("the figures behind it (onsetStep, rise, statistic, threshold, ...; or per behaviour its JSD, G and threshold)"),
  explanation: z.string(),
});

/** GET /api/v1/runs/{id}: what the run's page shows. */
export const runDetailAnswerSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  trainer: z.string(),
  status: z.string(),
  environment: z.string().nullable(),
  rubricVersion: z.number().int().nullable().describe("the number of the rubric version the run scores with"),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  summary: runSummarySchema.nullable().describe("the lab's summary numbers; runs from outside trainers have none yet"),
  hackRisk: hackRiskSchema.nullable().describe("the monitor's verdict with its evidence; null before its first assessment"),
  job: z
    .strictObject({ id: z.string(), status: z.string(), progress: z.number(), progressMessage: z.string().nullable(), error: z.string().nullable() })
    .nullable()
    .describe("the job that trains the run in the lab"),
  metrics: z.array(metricOverviewSchema).describe("every metric with its point count and first and last window means"),
  detections: z.array(detectionSchema).describe("every divergence and behaviour-drift detection, in step order"),
});
export type RunDetailAnswer = z.infer<typeof runDetailAnswerSchema>;

import { z } from "zod";

// The trace and its steps are their stored rows as they are (prisma/schema.template.prisma, Trace and
// TraceStep, less the step's traceId), times as ISO 8601: a column added there is an answer field here.
const traceRowSchema = z.strictObject({
  id: z.string(),
  projectId: z.string(),
  externalId: z.string().describe("the sender's id of the trace"),
  contentHash: z.string(),
  source: z.string().describe("production | rollout | simulator"),
  environment: z.string().nullable(),
  task: z.string().nullable(),
  runName: z.string().nullable(),
  runId: z.string().nullable(),
  step: z.number().int().nullable(),
  input: z.string().nullable(),
  output: z.string().nullable(),
  reward: z.number().nullable(),
  success: z.boolean().nullable(),
  scores: z.unknown(),
  endState: z.unknown(),
  metadata: z.unknown(),
  stepCount: z.number().int(),
  totalTokens: z.number().int(),
  openEdgeCases: z.number().int(),
  startedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

/** One step of a trace; it has no id of its own, its index in the trace names it. */
export const traceStepSchema = z
  .strictObject({
    index: z.number().int(),
    type: z.string().describe("message | tool_call"),
    role: z.string().describe("system | user | assistant | tool"),
    content: z.string().nullable(),
    reasoning: z.string().nullable(),
    toolName: z.string().nullable(),
    toolCallId: z.string().nullable(),
    arguments: z.unknown(),
    result: z.unknown(),
    error: z.string().nullable(),
    tokensIn: z.number().int().nullable(),
    tokensOut: z.number().int().nullable(),
    latencyMs: z.number().nullable(),
    startedAt: z.iso.datetime().nullable(),
    metadata: z.unknown(),
  })
  .meta({ id: "TraceStep" });

/** GET /api/v1/traces/{id}: what the trace's page shows. */
export const traceDetailAnswerSchema = z.strictObject({
  trace: traceRowSchema,
  run: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  finalReply: z
    .union([z.strictObject({ text: z.string(), from: z.literal("output") }), z.strictObject({ text: z.string(), from: z.literal("step"), stepIndex: z.number().int() })])
    .nullable()
    .describe("the trace's output, or else its last assistant step's text"),
  totals: z
    .strictObject({ tokensIn: z.number().nullable(), tokensOut: z.number().nullable(), latencyMs: z.number().nullable(), stepsWithLatency: z.number().int() })
    .describe("summed over the steps; null when no step recorded the figure"),
  verdicts: z
    .array(
      z.strictObject({
        id: z.string(),
        label: z.string().describe("pass | fail | unsure"),
        score: z.number().nullable(),
        rationale: z.string().nullable(),
        issues: z.unknown(),
        error: z.string().nullable(),
        createdAt: z.iso.datetime(),
        judgeVersion: z.strictObject({ version: z.number().int(), judge: z.strictObject({ name: z.string(), isSimulated: z.boolean() }) }),
      }),
    )
    .describe("newest first, at most 100"),
  itemResults: z
    .array(
      z.strictObject({
        answer: z.string().describe("yes | no | n/a"),
        evidence: z.string().nullable(),
        rubricItem: z.strictObject({
          id: z.string(),
          key: z.string(),
          question: z.string(),
          polarity: z.string(),
          weight: z.number(),
          position: z.number().int(),
          rubricVersion: z.strictObject({ id: z.string(), version: z.number().int(), status: z.string(), rubric: z.strictObject({ name: z.string() }) }),
        }),
      }),
    )
    .describe("newest first, at most 100"),
  edgeCases: z
    .array(z.strictObject({ id: z.string(), title: z.string(), status: z.string(), kind: z.string(), priority: z.number() }))
    .describe("the review cases it is an example of, open first, at most 100"),
  steps: z.array(traceStepSchema).describe("every step, in order"),
});

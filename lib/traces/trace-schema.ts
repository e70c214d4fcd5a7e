import { z } from "zod";
import { zonedDateTimeSchema } from "../json/zoned-date-time-schema";
import { trainingStepSchema } from "./training-step-schema";

/**
 * The native trace format: what every importer produces and what POST /api/v1/traces accepts.
 * One trace is one production conversation or one rollout; its steps are ordered messages and
 * tool calls. Anything a source has that does not fit a named field goes into `metadata`.
 */

export const traceSourceSchema = z.enum(["production", "rollout", "simulator"]);
export type TraceSource = z.infer<typeof traceSourceSchema>;

export const stepRoleSchema = z.enum(["system", "user", "assistant", "tool"]);
export type StepRole = z.infer<typeof stepRoleSchema>;

const metadataSchema = z.record(z.string(), z.unknown());

export const stepSchema = z.object({
  /** "message": a turn of text; "tool_call": an assistant's call of a tool, with its result when known. */
  type: z.enum(["message", "tool_call"]).default("message"),
  role: stepRoleSchema,
  content: z.string().nullish(),
  /** The model's reasoning or thinking content, kept apart from the visible reply. */
  reasoning: z.string().nullish(),
  /** Tool name, for tool_call steps (and for tool replies that name their tool). */
  name: z.string().nullish(),
  toolCallId: z.string().nullish(),
  arguments: z.unknown().optional(),
  result: z.unknown().optional(),
  error: z.string().nullish(),
  tokensIn: z.number().int().nonnegative().nullish(),
  tokensOut: z.number().int().nonnegative().nullish(),
  latencyMs: z.number().nonnegative().nullish(),
  startedAt: zonedDateTimeSchema.nullish(),
  metadata: metadataSchema.optional(),
});
export type Step = z.infer<typeof stepSchema>;

export const outcomeSchema = z.object({
  reward: z.number().finite().nullish(),
  success: z.boolean().nullish(),
  /** Any other numbers the source gives (sub-scores, pass counts, costs). */
  scores: z.record(z.string(), z.number().finite()).optional(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const traceSchema = z.object({
  /** Unique per project; re-ingesting the same externalId is a no-op. A content hash is used when absent. */
  externalId: z.string().min(1).max(512).nullish(),
  source: traceSourceSchema.default("production"),
  environment: z.string().max(200).nullish(),
  task: z.string().max(500).nullish(),
  run: z.string().max(200).nullish(),
  step: trainingStepSchema.nullish(),
  input: z.string().nullish(),
  output: z.string().nullish(),
  outcome: outcomeSchema.optional(),
  /** The recorded end state of the environment (for rule checks with a JSON path). */
  endState: z.unknown().optional(),
  startedAt: zonedDateTimeSchema.nullish(),
  metadata: metadataSchema.optional(),
  steps: z.array(stepSchema).default([]),
});
export type Trace = z.infer<typeof traceSchema>;
/** What callers may send: defaults not yet applied. */
export type TraceInput = z.input<typeof traceSchema>;

/**
 * Most traces one POST /api/v1/traces may carry, in any format: 32 MiB of tiny records (2.5 million
 * `{}`) would otherwise hold gigabytes of the web process while each is read and answered.
 */
export const MAX_TRACES_PER_REQUEST = 10_000;

export const traceBatchSchema = z.object({
  traces: z
    .array(z.unknown().describe("a native trace: its JSON Schema is GET /api/v1/schema/trace; one that does not fit it is rejected alone"))
    .max(MAX_TRACES_PER_REQUEST, `at most ${MAX_TRACES_PER_REQUEST} traces per request; send several batches`),
});

import { z } from "zod";
import { stepSchema, traceSchema } from "../traces/trace-schema";

/**
 * What a caller may send as one native trace: the trace schema, strict (an unknown field is
 * rejected by name instead of being dropped), plus two aliases users send: `messages` (OpenAI-style
 * chat messages, turned into steps) and a top-level `reward` (the outcome reward). The JSON Schema
 * served at GET /api/v1/schema/trace is generated from this.
 */
export const nativeStepInputSchema = stepSchema.strict();

export const nativeTraceInputSchema = traceSchema
  .extend({
    steps: z.array(nativeStepInputSchema).optional().describe("Ordered messages and tool calls; give these or `messages`."),
    messages: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .describe("OpenAI-style chat messages ({role, content, tool_calls, tool_call_id}), turned into steps; instead of `steps`."),
    reward: z.number().finite().nullish().describe("The outcome reward; the same as outcome.reward."),
  })
  .strict();

export type NativeTraceInput = z.infer<typeof nativeTraceInputSchema>;

export const nativeTraceFieldNames = Object.keys(nativeTraceInputSchema.shape);
export const nativeStepFieldNames = Object.keys(nativeStepInputSchema.shape);

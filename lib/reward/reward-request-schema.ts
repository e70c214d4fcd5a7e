import { z } from "zod";

/** Most rollouts one request may carry; bigger batches are split by the caller. */
export const MAX_ROLLOUTS_PER_REQUEST = 8192;

const contentSchema = z.union([
  z.string(),
  z.null(),
  // OpenAI content parts: the text parts are kept, the rest (images) are dropped.
  z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()).transform((parts) => parts.flatMap((p) => (p.text ? [p.text] : [])).join("")),
]);

/** A chat message as trainers send it: OpenAI chat (with tool_calls) or the native step shape. */
export const rolloutMessageSchema = z
  .object({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: contentSchema.optional(),
    reasoning: z.string().nullish(),
    reasoning_content: z.string().nullish(),
    type: z.enum(["message", "tool_call"]).optional(),
    name: z.string().nullish(),
    tool_call_id: z.string().nullish(),
    arguments: z.unknown().optional(),
    result: z.unknown().optional(),
    tool_calls: z
      .array(z.object({ id: z.string().optional(), function: z.object({ name: z.string(), arguments: z.unknown().optional() }) }).loose())
      .optional(),
  })
  .loose();
export type RolloutMessage = z.infer<typeof rolloutMessageSchema>;

const textOrMessages = z.union([z.string(), z.array(rolloutMessageSchema)]);

/** One rollout of POST /api/v1/reward; checked one by one so a bad rollout never fails the batch. */
export const rolloutSchema = z
  .object({
    prompt: textOrMessages.optional(),
    completion: textOrMessages.optional(),
    /** The whole conversation, instead of prompt + completion. */
    messages: z.array(rolloutMessageSchema).optional(),
    label: z.unknown().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    /** The environment's end state, for json_path rule items. */
    endState: z.unknown().optional(),
    task: z.string().max(500).optional(),
    run: z.string().max(200).optional(),
    step: z.number().int().nonnegative().optional(),
  })
  .refine((r) => r.completion !== undefined || r.messages !== undefined, { message: "a rollout needs completion or messages" });
export type Rollout = z.infer<typeof rolloutSchema>;

/** The envelope: a malformed one is a 400; the rollouts inside are validated individually. */
export const rewardRequestSchema = z
  .object({
    rubricVersionId: z.string().min(1).optional(),
    environment: z.string().min(1).max(200).optional(),
    /** The training run (id or name) and step of the whole batch; a rollout's own fields win. */
    run: z.string().min(1).max(200).optional(),
    step: z.number().int().nonnegative().optional(),
    /** What a bad rollout gets: reward 0 with the reason in its results, or reward null and status error. */
    onRolloutError: z.enum(["zero", "error"]).default("zero"),
    rollouts: z.array(z.unknown()).min(1).max(MAX_ROLLOUTS_PER_REQUEST),
  })
  .refine((r) => r.rubricVersionId || r.environment, { message: "send rubricVersionId or environment", path: ["rubricVersionId"] });
export type RewardRequest = z.infer<typeof rewardRequestSchema>;

/** OpenRLHF's remote reward model request (openrlhf remote_rm_fn): query = prompt + response, templated. */
export const openRlhfRequestSchema = z.object({
  query: z.array(z.string()).min(1).max(MAX_ROLLOUTS_PER_REQUEST),
  prompts: z.array(z.string()).optional(),
  labels: z.array(z.unknown()).optional(),
});
export type OpenRlhfRequest = z.infer<typeof openRlhfRequestSchema>;

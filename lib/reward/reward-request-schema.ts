import { z } from "zod";
import { trainingStepSchema } from "../traces/training-step-schema";
import { plural } from "../words/plural";

/** Most rollouts one request may carry; bigger batches are split by the caller. */
export const MAX_ROLLOUTS_PER_REQUEST = 8192;

// Messages are read by rolloutToTrace (lib/ingest's message reader), so a bad one is an error of its rollout only.
const textOrMessages = z.union([z.string(), z.array(z.unknown())], { error: "must be a string or a list of messages" });

/** A trainer's own id of one sample: its trace is keyed by it, so copies of a completion are separate samples and a retry is the same one. */
export const sampleIdSchema = z.string().min(1).max(200);

/** One rollout of POST /api/v1/reward; checked one by one so a bad rollout never fails the batch. */
export const rolloutSchema = z
  .object({
    sampleId: sampleIdSchema
      .optional()
      .describe("your id of this sample (1-200 characters): sent again it is the same trace and stores nothing new; two ids are two samples even with the same content; an id stored with other content is this rollout's error"),
    prompt: textOrMessages.optional(),
    completion: textOrMessages.optional(),
    /** The whole conversation, instead of prompt + completion. */
    messages: z.array(z.unknown()).optional(),
    label: z.unknown().optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    /** The environment's end state, for json_path rule items. */
    endState: z.unknown().optional(),
    task: z.string().max(500).optional(),
    run: z.string().max(200).optional(),
    step: trainingStepSchema.optional(),
  })
  .refine((r) => r.completion !== undefined || r.messages !== undefined, { message: "a rollout needs completion or messages" });
export type Rollout = z.infer<typeof rolloutSchema>;

export const rolloutErrorPolicySchema = z.enum(["error", "zero", "fail"]);
export type RolloutErrorPolicy = z.infer<typeof rolloutErrorPolicySchema>;

/** The envelope: a malformed one is a 400; the rollouts inside are validated individually. */
export const rewardRequestSchema = z
  .object({
    rubricVersionId: z.string().min(1).optional(),
    environment: z.string().min(1).max(200).optional(),
    /** The training run (id or name) and step of the whole batch; a rollout's own fields win. */
    run: z.string().min(1).max(200).optional(),
    step: trainingStepSchema.optional(),
    /** A rollout that cannot be scored gets reward null and status error (default), or reward 0 (still listed in errors), or fails the request with a 422. */
    onRolloutError: rolloutErrorPolicySchema.optional(),
    /** The same, under the name the URL parameter has (`?onError=`). */
    onError: rolloutErrorPolicySchema.optional(),
    rollouts: z.array(z.unknown()).min(1).max(MAX_ROLLOUTS_PER_REQUEST),
  })
  .refine((r) => r.rubricVersionId || r.environment, { message: "send rubricVersionId or environment", path: ["rubricVersionId"] });
export type RewardRequest = z.infer<typeof rewardRequestSchema>;

/** OpenRLHF's remote reward model request (openrlhf remote_rm_fn): query = prompt + response, templated. */
export const openRlhfRequestSchema = z.object({
  // Checked sample by sample: a query that is not a string is that sample's error, not the batch's.
  query: z.array(z.unknown()).min(1).max(MAX_ROLLOUTS_PER_REQUEST),
  prompts: z.array(z.unknown()).optional(),
  labels: z.array(z.unknown()).optional(),
  /** Not OpenRLHF's: the Python hook's sample ids, one per query (see rolloutSchema's sampleId). */
  sampleIds: z.array(z.unknown()).optional().describe("not sent by OpenRLHF: each query's sample id (1-200 characters), as a rollout's sampleId in POST /reward"),
  /** Overrides `?onError=` for this request (a custom reward_func can send it). */
  onError: z.enum(["mask", "zero", "fail"]).optional(),
}).superRefine((request, context) => {
  // One entry per query: a shorter or longer list would pair a prompt, label or id with another sample.
  for (const name of ["prompts", "labels", "sampleIds"] as const) {
    const list = request[name];
    if (list && list.length !== request.query.length) context.addIssue({ code: "custom", path: [name], message: `has ${plural(list.length, "entry", "entries")} for ${plural(request.query.length, "query", "queries")}: send one per query` });
  }
});
export type OpenRlhfRequest = z.infer<typeof openRlhfRequestSchema>;

import { z } from "zod";
import { itemResultSchema } from "../checks/rubric-item-schema";

/** A rollout that could not be scored, by its index in the request. */
export const rolloutErrorSchema = z.strictObject({ index: z.number().int(), status: z.literal("error"), error: z.string() }).meta({ id: "RolloutError" });

/** One item's answer on a rollout, as the reward API and a trace's page give it. */
export const itemResultAnswerSchema = itemResultSchema.strict().meta({ id: "ItemResult" });

/** What POST /api/v1/reward answers (the web app and the reward server alike). */
export const rewardAnswerSchema = z.strictObject({
  rubricVersionId: z.string().describe("the approved version that scored"),
  rewards: z
    .array(z.number().nullable())
    .describe("one per rollout, in order; a rollout that cannot be scored gets null (0 with onError zero) and an entry in errors"),
  results: z.array(z.array(itemResultAnswerSchema)).describe("each rollout's item results, in rubric order; an unscored rollout's single entry (key error) carries the reason"),
  errors: z.array(rolloutErrorSchema),
  traceIds: z.array(z.string().nullable()).describe("the trace each rollout is stored as; null for one that could not be scored"),
  jobIds: z.array(z.string()).describe("the pipeline events queued for the named run (GET /jobs/{id})"),
});
export type RewardApiAnswer = z.infer<typeof rewardAnswerSchema>;

/** What POST /api/v1/reward/openrlhf answers: OpenRLHF's remote reward model protocol. */
export const openRlhfAnswerSchema = z.strictObject({
  rewards: z.array(z.number()).describe("feed OpenRLHF's advantage calculation"),
  scores: z.array(z.number()).describe("in [0, 1], for --algo.dynamic_filtering_enable"),
  extra_logs: z
    .record(z.string(), z.array(z.number()))
    .describe("logged by OpenRLHF: per item, each sample's 1 (yes) / 0 (no or n/a); reward_error 1 and reward_mask 0 for a sample that could not be scored"),
});
export type OpenRlhfAnswer = z.infer<typeof openRlhfAnswerSchema>;

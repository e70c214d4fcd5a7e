import { z } from "zod";
import type { Db } from "../db/client";
import { parseRewardBody, readRunHeaders } from "./read-reward-body";
import type { RewardPost } from "./answer-reward-post";
import { openRlhfRequestSchema } from "./reward-request-schema";
import { scoreOpenRlhfRequest, type OpenRlhfAnswer } from "./score-openrlhf-request";

const querySchema = z
  .object({
    rubricVersionId: z.string().min(1).optional(),
    environment: z.string().min(1).optional(),
    onError: z.enum(["mask", "zero", "fail"]).default("mask"),
  })
  .refine((q) => q.rubricVersionId || q.environment, { message: "add ?rubricVersionId= or ?environment= to the URL", path: ["rubricVersionId"] });

/**
 * POST /api/v1/reward/openrlhf, whichever server answers it: OpenRLHF's remote RM `{query, prompts,
 * labels}` to `{rewards, scores, extra_logs}`. The rubric comes from ?rubricVersionId= or
 * ?environment= on --reward.remote_url (OpenRLHF sends no other fields); ?onError=mask|zero|fail
 * (or "onError" in the body) says what a sample that cannot be scored gets.
 */
export async function answerOpenRlhfPost(db: Db, { projectId, search, headers, bytes }: RewardPost): Promise<OpenRlhfAnswer> {
  const query = querySchema.parse({
    rubricVersionId: search.get("rubricVersionId") ?? undefined,
    environment: search.get("environment") ?? undefined,
    onError: search.get("onError") ?? undefined,
  });
  const { body, unreadable } = parseRewardBody(bytes, { perRollout: ["query", "prompts", "labels"] });
  const parsed = openRlhfRequestSchema.parse(body);
  const { rewards, scores, extra_logs } = await scoreOpenRlhfRequest(db, { projectId, request: parsed, unreadable, ...query, ...readRunHeaders(headers) });
  return { rewards, scores, extra_logs };
}

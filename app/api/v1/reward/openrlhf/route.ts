// POST /api/v1/reward/openrlhf: OpenRLHF's remote RM {query, prompts, labels} -> {rewards, scores, extra_logs}.
// The rubric comes from ?rubricVersionId= or ?environment= on --reward.remote_url (OpenRLHF sends no other fields);
// ?onError=mask|zero|fail (or "onError" in the body) says what a sample that cannot be scored gets.
import { NextResponse } from "next/server";
import { z } from "zod";
import { withApiKey } from "@/lib/next/with-auth";
import { readRewardBody, readRunHeaders } from "@/lib/reward/read-reward-body";
import { openRlhfRequestSchema } from "@/lib/reward/reward-request-schema";
import { scoreOpenRlhfRequest } from "@/lib/reward/score-openrlhf-request";

const querySchema = z
  .object({
    rubricVersionId: z.string().min(1).optional(),
    environment: z.string().min(1).optional(),
    onError: z.enum(["mask", "zero", "fail"]).default("mask"),
  })
  .refine((q) => q.rubricVersionId || q.environment, { message: "add ?rubricVersionId= or ?environment= to the URL", path: ["rubricVersionId"] });

export const POST = withApiKey(async (request, { db, key }) => {
  const search = request.nextUrl.searchParams;
  const query = querySchema.parse({
    rubricVersionId: search.get("rubricVersionId") ?? undefined,
    environment: search.get("environment") ?? undefined,
    onError: search.get("onError") ?? undefined,
  });
  const { body, unreadable } = await readRewardBody(request, { perRollout: ["query", "prompts", "labels"] });
  const parsed = openRlhfRequestSchema.parse(body);
  const { rewards, scores, extra_logs } = await scoreOpenRlhfRequest(db, { projectId: key.projectId, request: parsed, unreadable, ...query, ...readRunHeaders(request.headers) });
  return NextResponse.json({ rewards, scores, extra_logs });
});

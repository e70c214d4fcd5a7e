// POST /api/v1/reward: {rubricVersionId? | environment?, rollouts: [...]} -> {rewards, results}; each rollout stored as a trace.
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { readRewardBody, readRunHeaders } from "@/lib/reward/read-reward-body";
import { rewardRequestSchema } from "@/lib/reward/reward-request-schema";
import { scoreRewardRequest } from "@/lib/reward/score-reward-request";

export const POST = withApiKey(async (request, { db, key }) => {
  const headers = readRunHeaders(request.headers);
  const body = rewardRequestSchema.parse(await readRewardBody(request));
  const answer = await scoreRewardRequest(db, { projectId: key.projectId, request: { ...body, run: body.run ?? headers.run, step: body.step ?? headers.step } });
  return NextResponse.json(answer);
});

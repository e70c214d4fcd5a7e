// POST /api/v1/reward: {rubricVersionId? | environment?, rollouts: [...]} -> {rewards, results}; each rollout stored as a trace.
// lib/reward/answer-reward-post.ts answers it, here and in the reward server (lib/reward/reward-server.ts).
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { answerRewardPost } from "@/lib/reward/answer-reward-post";
import { readRewardBytes } from "@/lib/reward/read-reward-body";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) =>
  NextResponse.json(await answerRewardPost(db, { projectId: key.projectId, search: request.nextUrl.searchParams, headers: request.headers, bytes: await readRewardBytes(request) })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");

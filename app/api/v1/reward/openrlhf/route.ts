// POST /api/v1/reward/openrlhf: OpenRLHF's remote RM {query, prompts, labels} -> {rewards, scores, extra_logs}.
// lib/reward/answer-openrlhf-post.ts answers it, here and in the reward server (lib/reward/reward-server.ts).
import { NextResponse } from "next/server";
import { withApiKey } from "@/lib/next/with-auth";
import { answerOpenRlhfPost } from "@/lib/reward/answer-openrlhf-post";
import { readRewardBytes } from "@/lib/reward/read-reward-body";
import { refuseOtherMethods } from "@/lib/next/refuse-other-methods";

export const POST = withApiKey(async (request, { db, key }) =>
  NextResponse.json(await answerOpenRlhfPost(db, { projectId: key.projectId, search: request.nextUrl.searchParams, headers: request.headers, bytes: await readRewardBytes(request) })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods("POST");

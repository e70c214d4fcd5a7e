// POST /api/v1/reward: {rubricVersionId? | environment?, rollouts: [...]} -> {rewards, results}; each rollout stored as a trace.
// ?onError=error|zero|fail says what a rollout that cannot be scored gets ("onError"/"onRolloutError" in the body win).
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { withApiKey } from "@/lib/next/with-auth";
import { readRewardBody, readRunHeaders } from "@/lib/reward/read-reward-body";
import { rewardRequestSchema, rolloutErrorPolicySchema } from "@/lib/reward/reward-request-schema";
import { scoreRewardRequest } from "@/lib/reward/score-reward-request";

function readUrlPolicy(search: URLSearchParams) {
  const raw = search.get("onError");
  if (raw === null) return undefined;
  const policy = rolloutErrorPolicySchema.safeParse(raw);
  if (!policy.success) throw new AppError("bad_request", `?onError= must be error, zero or fail, not "${raw}"`, [{ param: "onError", message: raw }]);
  return policy.data;
}

export const POST = withApiKey(async (request, { db, key }) => {
  const headers = readRunHeaders(request.headers);
  const onErrorOfUrl = readUrlPolicy(request.nextUrl.searchParams);
  const { body, unreadable } = await readRewardBody(request, { perRollout: ["rollouts"] });
  const parsed = rewardRequestSchema.parse(body);
  const answer = await scoreRewardRequest(db, {
    projectId: key.projectId,
    unreadable,
    request: { ...parsed, onError: parsed.onError ?? onErrorOfUrl, run: parsed.run ?? headers.run, step: parsed.step ?? headers.step },
  });
  const { itemKeys: _itemKeys, ...shown } = answer;
  return NextResponse.json(shown);
});

import type { Db } from "../db/client";
import { AppError } from "../errors/app-error";
import { parseRewardBody, readRunHeaders, type HeaderReader } from "./read-reward-body";
import { rewardRequestSchema, rolloutErrorPolicySchema } from "./reward-request-schema";
import type { RewardApiAnswer } from "./reward-answer-schema";
import { scoreRewardRequest } from "./score-reward-request";

export type RewardPost = { projectId: string; search: URLSearchParams; headers: HeaderReader; bytes: Uint8Array };

/**
 * POST /api/v1/reward, whichever server answers it (the web app's route, the reward server):
 * `{rubricVersionId? | environment?, rollouts}` to rewards and item results, each rollout stored as a
 * trace. `?onError=error|zero|fail` says what a rollout that cannot be scored gets ("onError" or
 * "onRolloutError" in the body win); X-Goodhart-Run / X-Goodhart-Step name the run and step.
 */
export async function answerRewardPost(db: Db, { projectId, search, headers, bytes }: RewardPost): Promise<RewardApiAnswer> {
  const runHeaders = readRunHeaders(headers);
  const onErrorOfUrl = readUrlPolicy(search);
  const { body, unreadable } = parseRewardBody(bytes, { perRollout: ["rollouts"] });
  const parsed = rewardRequestSchema.parse(body);
  const { itemKeys: _itemKeys, ...shown } = await scoreRewardRequest(db, {
    projectId,
    unreadable,
    request: { ...parsed, onError: parsed.onError ?? onErrorOfUrl, run: parsed.run ?? runHeaders.run, step: parsed.step ?? runHeaders.step },
  });
  return shown;
}

function readUrlPolicy(search: URLSearchParams) {
  const raw = search.get("onError");
  if (raw === null) return undefined;
  const policy = rolloutErrorPolicySchema.safeParse(raw);
  if (!policy.success) throw new AppError("bad_request", `?onError= must be error, zero or fail, not "${raw}"`, [{ param: "onError", message: raw }]);
  return policy.data;
}

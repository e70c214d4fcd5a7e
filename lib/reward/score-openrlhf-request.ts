import type { Db } from "../db/client";
import type { LlmItemAsker } from "./llm-item-asker";
import type { OpenRlhfRequest } from "./reward-request-schema";
import { scoreRewardRequest } from "./score-reward-request";
import { splitTemplatedQuery } from "./split-templated-query";

/** What a sample that cannot be scored gets: reward 0 masked out, reward 0 counted, or the whole request refused. */
export type OpenRlhfOnError = "mask" | "zero" | "fail";

export type OpenRlhfAnswer = {
  /** Feed OpenRLHF's advantage calculation. */
  rewards: number[];
  /** In [0, 1], for --algo.dynamic_filtering_enable. */
  scores: number[];
  /** Logged by OpenRLHF: per item, each sample's 1 (yes) / 0 (no or n/a); `reward_error` 1 and `reward_mask` 0 for a sample that could not be scored. */
  extra_logs: Record<string, number[]>;
};

/**
 * OpenRLHF's remote reward model (`--reward.remote_url`): `query` is prompt + response with the
 * chat template applied; the response is cut out of it by splitTemplatedQuery. With onError
 * "fail" a sample that cannot be scored makes the request a 422 naming it (nothing is stored),
 * so OpenRLHF's own error path runs instead of training on a made-up reward. With "zero" the
 * sample is trained on as a real 0 (still counted in reward_error); "mask" adds reward_mask 0.
 */
export async function scoreOpenRlhfRequest(
  db: Db,
  {
    projectId,
    request,
    rubricVersionId,
    environment,
    run,
    step,
    onError = "mask",
    askLlmItem,
  }: { projectId: string; request: OpenRlhfRequest; rubricVersionId?: string; environment?: string; run?: string; step?: number; onError?: OpenRlhfOnError; askLlmItem?: LlmItemAsker },
): Promise<OpenRlhfAnswer & { rubricVersionId: string }> {
  const splits = request.query.map((query, index) => splitTemplatedQuery(query, request.prompts?.[index]));
  const unreadable = new Map(splits.flatMap((split, index) => (split.ok ? [] : [[index, `query[${index}]: ${split.error}`] as const])));
  const rollouts = splits.map((split, index) => {
    const label = request.labels?.[index];
    const labelled = label !== undefined && label !== null ? { label } : {};
    if (!split.ok) return { prompt: request.query[index], ...labelled };
    return { ...(split.prompt !== null ? { prompt: split.prompt } : {}), completion: split.completion, ...labelled };
  });
  const answer = await scoreRewardRequest(db, {
    projectId,
    askLlmItem,
    unreadable,
    request: { rubricVersionId, environment, run, step, onRolloutError: onError === "fail" ? "fail" : "error", rollouts },
  });
  const isError = answer.rewards.map((reward) => reward === null);
  const rewards = answer.rewards.map((reward) => reward ?? 0);
  const keys = [...new Set(answer.results.flatMap((results) => results.map((r) => r.key)))].filter((key) => key !== "error");
  const extra_logs: Record<string, number[]> = Object.fromEntries(
    keys.map((key) => [key, answer.results.map((results) => (results.find((r) => r.key === key)?.answer === "yes" ? 1 : 0))]),
  );
  extra_logs.reward_error = isError.map((bad) => (bad ? 1 : 0));
  // "zero" trains on the 0, so nothing is masked; "mask" lets the trainer drop the sample.
  extra_logs.reward_mask = isError.map((bad) => (bad && onError === "mask" ? 0 : 1));
  return { rubricVersionId: answer.rubricVersionId, rewards, scores: rewards.map((r) => Math.min(1, Math.max(0, r))), extra_logs };
}

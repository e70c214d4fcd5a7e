import type { Db } from "../db/client";
import type { LlmItemAsker } from "../checks/llm-item-asker";
import type { OpenRlhfAnswer } from "./reward-answer-schema";
import type { OpenRlhfRequest } from "./reward-request-schema";
import { scoreRewardRequest } from "./score-reward-request";
import { splitTemplatedQuery } from "./split-templated-query";

/** What a sample that cannot be scored gets: reward 0 masked out, reward 0 counted, or the whole request refused. */
export type OpenRlhfOnError = "mask" | "zero" | "fail";

export type { OpenRlhfAnswer };

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
    onError: onErrorOfUrl = "mask",
    askLlmItem,
    unreadable: unreadableAsSent = new Map(),
  }: {
    projectId: string;
    request: OpenRlhfRequest;
    rubricVersionId?: string;
    environment?: string;
    run?: string;
    step?: number;
    onError?: OpenRlhfOnError;
    askLlmItem?: LlmItemAsker;
    /** Samples the body reader already found unreadable (a NUL, a lone surrogate), by index, with the reason. */
    unreadable?: Map<number, string>;
  },
): Promise<OpenRlhfAnswer & { rubricVersionId: string }> {
  const onError = request.onError ?? onErrorOfUrl;
  const unreadable = new Map(unreadableAsSent);
  const rollouts = request.query.map((query, index) => {
    const label = request.labels?.[index];
    const sampleId = request.sampleIds?.[index];
    const labelled = { ...(label !== undefined && label !== null ? { label } : {}), ...(sampleId !== undefined && sampleId !== null ? { sampleId } : {}) };
    const prompt = request.prompts?.[index];
    const shapeError = typeof query !== "string" ? `query[${index}]: expected a string` : prompt !== undefined && prompt !== null && typeof prompt !== "string" ? `prompts[${index}]: expected a string` : null;
    if (shapeError && !unreadable.has(index)) unreadable.set(index, shapeError);
    if (unreadable.has(index)) return { ...(typeof query === "string" ? { prompt: query } : {}), ...labelled };
    const split = splitTemplatedQuery(query as string, typeof prompt === "string" ? prompt : undefined);
    if (!split.ok) {
      unreadable.set(index, `query[${index}]: ${split.error}`);
      return { prompt: query as string, ...labelled };
    }
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
  // Every sample carries the same keys: OpenRLHF merges samples' extra_logs key by key (Experience._merge_item), so a key missing from one sample misaligns the batch.
  const keys = answer.itemKeys.filter((key) => key !== "reward_error" && key !== "reward_mask");
  const extra_logs: Record<string, number[]> = Object.fromEntries(
    keys.map((key) => [key, answer.results.map((results) => (results.find((r) => r.key === key)?.answer === "yes" ? 1 : 0))]),
  );
  extra_logs.reward_error = isError.map((bad) => (bad ? 1 : 0));
  // "zero" trains on the 0, so nothing is masked; "mask" lets the trainer drop the sample.
  extra_logs.reward_mask = isError.map((bad) => (bad && onError === "mask" ? 0 : 1));
  return { rubricVersionId: answer.rubricVersionId, rewards, scores: rewards.map((r) => Math.min(1, Math.max(0, r))), extra_logs };
}

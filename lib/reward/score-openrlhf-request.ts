import type { Db } from "../db/client";
import type { LlmItemAsker } from "./llm-item-asker";
import type { OpenRlhfRequest } from "./reward-request-schema";
import { scoreRewardRequest } from "./score-reward-request";

export type OpenRlhfAnswer = {
  /** Feed OpenRLHF's advantage calculation. */
  rewards: number[];
  /** In [0, 1], for --dynamic_filtering. */
  scores: number[];
  /** Logged to wandb: per item, each sample's 1 (yes) / 0 (no or n/a); `reward_error` 1 for a bad sample. */
  extra_logs: Record<string, number[]>;
};

/**
 * OpenRLHF's remote reward model (`--remote_rm_url`): `query` is prompt + response with the chat
 * template applied, so the response is the query with its prompt prefix cut off when it has one.
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
    askLlmItem,
  }: { projectId: string; request: OpenRlhfRequest; rubricVersionId?: string; environment?: string; run?: string; step?: number; askLlmItem?: LlmItemAsker },
): Promise<OpenRlhfAnswer & { rubricVersionId: string }> {
  const rollouts = request.query.map((query, index) => {
    const prompt = request.prompts?.[index];
    const completion = prompt && query.startsWith(prompt) ? query.slice(prompt.length) : query;
    const label = request.labels?.[index];
    return { ...(prompt !== undefined ? { prompt } : {}), completion, ...(label !== undefined && label !== null ? { label } : {}) };
  });
  const answer = await scoreRewardRequest(db, { projectId, askLlmItem, request: { rubricVersionId, environment, run, step, onRolloutError: "zero", rollouts } });
  const rewards = answer.rewards.map((reward) => reward ?? 0);
  const keys = [...new Set(answer.results.flatMap((results) => results.map((r) => r.key)))].filter((key) => key !== "error");
  const extra_logs: Record<string, number[]> = Object.fromEntries(
    keys.map((key) => [key, answer.results.map((results) => (results.find((r) => r.key === key)?.answer === "yes" ? 1 : 0))]),
  );
  extra_logs.reward_error = answer.results.map((_, index) => (answer.errors.some((e) => e.index === index) ? 1 : 0));
  return { rubricVersionId: answer.rubricVersionId, rewards, scores: rewards.map((r) => Math.min(1, Math.max(0, r))), extra_logs };
}

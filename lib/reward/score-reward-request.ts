import type { Db } from "../db/client";
import type { ItemResult } from "../rubrics/rubric-item-schema";
import type { LlmItemAsker } from "./llm-item-asker";
import { rolloutSchema, type RewardRequest } from "./reward-request-schema";
import { resolveRewardVersion } from "./resolve-reward-version";
import { rolloutToTrace } from "./rollout-to-trace";
import { findLlmItemAsker } from "./find-llm-item-asker";
import { compileTraceScorer } from "./score-traces";
import { storeScoredRollouts, type ScoredRollout } from "./store-scored-rollouts";

export type RolloutError = { index: number; status: "error"; error: string };
export type RewardAnswer = {
  rubricVersionId: string;
  /** One per rollout, in order; a bad rollout gets 0 (onRolloutError "zero") or null ("error"). */
  rewards: Array<number | null>;
  /** Each rollout's item results, in rubric order; a bad rollout's single entry carries the reason. */
  results: ItemResult[][];
  errors: RolloutError[];
  traceIds: Array<string | null>;
};

/**
 * Scores a batch for the reward API and stores every scored rollout as a trace with its item
 * results. A bad rollout answers an error entry in its place; it never fails the batch.
 */
export async function scoreRewardRequest(
  db: Db,
  { projectId, request, askLlmItem }: { projectId: string; request: RewardRequest; askLlmItem?: LlmItemAsker },
): Promise<RewardAnswer> {
  const version = await resolveRewardVersion(db, { projectId, rubricVersionId: request.rubricVersionId, environment: request.environment });
  const errors: RolloutError[] = [];
  const good: Array<{ index: number; rollout: ScoredRollout["trace"] }> = [];
  request.rollouts.forEach((raw, index) => {
    const parsed = rolloutSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
      errors.push({ index, status: "error", error: `rollouts[${index}]: ${where}${issue?.message ?? "invalid rollout"}` });
      return;
    }
    good.push({ index, rollout: rolloutToTrace(parsed.data, { environment: version.environment, run: request.run, step: request.step }) });
  });
  const asker = askLlmItem ?? (await findLlmItemAsker(db, { projectId, environment: version.environment, rubric: version.rubric }));
  const scored = await compileTraceScorer(version.rubric, { askLlmItem: asker })(good.map(({ rollout }) => rollout));
  const stored = await storeScoredRollouts(db, {
    projectId,
    itemIds: version.itemIds,
    rollouts: good.map(({ rollout }, i) => ({ trace: rollout, results: scored[i]!.results })),
  });

  const count = request.rollouts.length;
  const rewards: Array<number | null> = new Array(count).fill(null);
  const results: ItemResult[][] = new Array(count);
  const traceIds: Array<string | null> = new Array(count).fill(null);
  good.forEach(({ index }, i) => {
    rewards[index] = scored[i]!.reward;
    results[index] = scored[i]!.results;
    traceIds[index] = stored.traceIds[i]!;
  });
  for (const { index, error } of errors) {
    rewards[index] = request.onRolloutError === "zero" ? 0 : null;
    results[index] = [{ key: "error", answer: "n/a", evidence: error }];
  }
  return { rubricVersionId: version.id, rewards, results, errors, traceIds };
}

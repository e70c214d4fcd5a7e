import type { Db } from "../db/client";
import { fracRewardZeroStd, PASS_REWARD_THRESHOLD } from "./difficulty";
import { GROUNDING_RUN_PREFIX } from "./grounding-policy";

export type TaskDifficulty = { rolloutCount: number; passCount: number; passRate: number | null };
export type DifficultyStats = {
  byTask: Map<string, TaskDifficulty>;
  /** Over groups of rollouts sharing task, run and step (ingested rollouts without run or step group by task). */
  zeroStd: ReturnType<typeof fracRewardZeroStd>;
};

/**
 * Pass rates from the rollouts linked to tasks by the trace's `task` (the task's externalId):
 * ingested rollouts, rollouts stored by the reward API and the lab's sampled rollouts alike.
 * A rollout with neither a success flag nor a reward is not counted: it was never scored.
 * Grounding probes are left out (GROUNDING_RUN_PREFIX).
 */
export async function loadDifficultyStats(db: Db, { projectId }: { projectId: string }): Promise<DifficultyStats> {
  const base = { projectId, task: { not: null } };
  const notProbe = { OR: [{ runName: null }, { NOT: { runName: { startsWith: GROUNDING_RUN_PREFIX } } }] };
  const [scored, passed, groups] = await Promise.all([
    db.trace.groupBy({ by: ["task"], where: { ...base, AND: [notProbe, { OR: [{ success: { not: null } }, { reward: { not: null } }] }] }, _count: { _all: true } }),
    db.trace.groupBy({ by: ["task"], where: { ...base, AND: [notProbe, { OR: [{ success: true }, { success: null, reward: { gte: PASS_REWARD_THRESHOLD } }] }] }, _count: { _all: true } }),
    db.trace.groupBy({ by: ["task", "runName", "step"], where: { ...base, reward: { not: null }, AND: [notProbe] }, _count: { _all: true }, _min: { reward: true }, _max: { reward: true } }),
  ]);
  const passes = new Map(passed.map((row) => [row.task!, row._count._all]));
  const byTask = new Map<string, TaskDifficulty>();
  for (const row of scored) {
    const passCount = passes.get(row.task!) ?? 0;
    byTask.set(row.task!, { rolloutCount: row._count._all, passCount, passRate: passCount / row._count._all });
  }
  const zeroStd = fracRewardZeroStd(groups.map((group) => ({ count: group._count._all, minReward: group._min.reward ?? 0, maxReward: group._max.reward ?? 0 })));
  return { byTask, zeroStd };
}

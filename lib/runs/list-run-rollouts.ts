import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { findResultItems } from "../traces/find-result-items";

export type RunRolloutItem = { key: string; question: string; polarity: string };
export type RunRollout = {
  id: string;
  externalId: string;
  step: number | null;
  environment: string | null;
  /** The stored reward: the outcome reward a source sent, or the rubric reward the reward API computed. */
  reward: number | null;
  success: boolean | null;
  /** Answer per rubric item key: yes | no | n/a; an item with no stored result is absent. */
  answers: Record<string, string>;
};
export type RunRollouts = { items: RunRolloutItem[]; rollouts: RunRollout[]; total: number; limit: number };

/**
 * The run's rollouts (traces tagged with the run and a step) in the step window, by step, with
 * every rubric item's stored answer; `total` counts all of the window's, `rollouts` holds the first `limit`.
 */
export async function listRunRollouts(
  db: Db,
  { projectId, runId, from, to, limit = 100 }: { projectId: string; runId: string; from?: number; to?: number; limit?: number },
): Promise<RunRollouts> {
  const run = await db.trainingRun.findFirst({ where: { id: runId, projectId }, select: { id: true } });
  if (!run) throw notFound("Training run");
  const where = { projectId, runId, step: { not: null, ...(from !== undefined ? { gte: from } : {}), ...(to !== undefined ? { lte: to } : {}) } };
  const [traces, total] = await Promise.all([
    db.trace.findMany({
      where,
      orderBy: [{ step: "asc" }, { id: "asc" }],
      take: limit,
      select: {
        id: true,
        externalId: true,
        step: true,
        environment: true,
        reward: true,
        success: true,
        itemResults: { select: { answer: true, rubricItemId: true } },
      },
    }),
    db.trace.count({ where }),
  ]);
  const itemsById = await findResultItems(
    db,
    traces.flatMap((trace) => trace.itemResults.map((result) => result.rubricItemId)),
  );
  const keyOf = (rubricItemId: string) => itemsById.get(rubricItemId)?.key;
  const items = new Map<string, RunRolloutItem & { position: number }>();
  for (const trace of traces)
    for (const { rubricItemId } of trace.itemResults) {
      const item = itemsById.get(rubricItemId);
      if (item && !items.has(item.key)) items.set(item.key, { key: item.key, question: item.question, polarity: item.polarity, position: item.position });
    }
  return {
    items: [...items.values()]
      .sort((a, b) => a.position - b.position || a.key.localeCompare(b.key))
      .map(({ key, question, polarity }) => ({ key, question, polarity })),
    rollouts: traces.map(({ itemResults, ...trace }) => ({
      ...trace,
      answers: Object.fromEntries(
        itemResults.flatMap(({ rubricItemId, answer }) => {
          const key = keyOf(rubricItemId);
          return key ? [[key, answer]] : [];
        }),
      ),
    })),
    total,
    limit,
  };
}

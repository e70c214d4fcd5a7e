import type { Db } from "../db/client";
import { histogramOf, isInBand, poolOf, type DifficultyBand, type DifficultyPool, type HistogramBin } from "./difficulty";
import { loadDifficultyStats, type DifficultyStats } from "./difficulty-stats";
import { hasNoGap, sourceOf, summarizeGapsBySource, type SourceGap } from "./grounding-gap";
import { taskMatches } from "./task-matches";

export type TaskRow = {
  id: string;
  externalId: string;
  environment: string;
  origin: string;
  prompt: string;
  hasContext: boolean;
  hasReference: boolean;
  rolloutCount: number;
  passCount: number;
  passRate: number | null;
  pool: DifficultyPool | null;
  isInBand: boolean;
  groundingGap: number | null;
  /** Measured, and no gap: the answer does not depend on the context. */
  isUselessForTraining: boolean;
};

export type TaskList = {
  tasks: TaskRow[];
  /** The tasks the search matches (every task without one), for the table; the charts and counts cover every task. */
  matching: TaskRow[];
  band: DifficultyBand;
  passRateHistogram: HistogramBin[];
  gapHistogram: HistogramBin[];
  gapsBySource: SourceGap[];
  zeroStd: DifficultyStats["zeroStd"];
  counts: { tasks: number; withRollouts: number; inBand: number; pools: Record<DifficultyPool, number> };
};

const promptPreview = 300;

/** Every task of the project with its difficulty over its rollouts and its grounding gap, and the distributions /tasks draws. */
export async function listTasks(db: Db, { projectId, band, search = "" }: { projectId: string; band: DifficultyBand; search?: string }): Promise<TaskList> {
  const [rows, stats] = await Promise.all([
    db.task.findMany({
      where: { projectId },
      orderBy: [{ environment: "asc" }, { externalId: "asc" }],
      select: { id: true, externalId: true, environment: true, origin: true, prompt: true, context: true, referenceAnswer: true, plantedState: true, groundingGap: true },
    }),
    loadDifficultyStats(db, { projectId }),
  ]);
  const matchingIds = new Set(rows.filter((row) => taskMatches(row, search)).map((row) => row.id));
  const tasks = rows.map((row): TaskRow => {
    const difficulty = stats.byTask.get(row.externalId) ?? { rolloutCount: 0, passCount: 0, passRate: null };
    return {
      id: row.id,
      externalId: row.externalId,
      environment: row.environment,
      origin: row.origin,
      prompt: row.prompt.length > promptPreview ? `${row.prompt.slice(0, promptPreview)}…` : row.prompt,
      hasContext: row.context !== null,
      hasReference: row.referenceAnswer !== null || row.plantedState !== null,
      ...difficulty,
      pool: difficulty.passRate === null ? null : poolOf(difficulty.passRate),
      isInBand: isInBand(difficulty.passRate, band),
      groundingGap: row.groundingGap,
      isUselessForTraining: hasNoGap(row.groundingGap),
    };
  });
  const rated = tasks.flatMap((task) => (task.passRate === null ? [] : [task.passRate]));
  const gaps = tasks.flatMap((task) => (task.groundingGap === null ? [] : [task.groundingGap]));
  const pools = { hard: 0, normal: 0, easy: 0 };
  for (const task of tasks) if (task.pool) pools[task.pool] += 1;
  return {
    tasks,
    matching: tasks.filter((task) => matchingIds.has(task.id)),
    band,
    passRateHistogram: histogramOf(rated),
    gapHistogram: histogramOf(gaps, { bins: 20, min: -1, max: 1 }),
    gapsBySource: summarizeGapsBySource(tasks.map((task) => ({ source: sourceOf(task), gap: task.groundingGap }))),
    zeroStd: stats.zeroStd,
    counts: { tasks: tasks.length, withRollouts: rated.length, inBand: tasks.filter((task) => task.isInBand).length, pools },
  };
}

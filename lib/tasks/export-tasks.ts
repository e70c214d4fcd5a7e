import { z } from "zod";
import type { Db } from "../db/client";
import { isInBand, poolOf, type DifficultyBand } from "./difficulty";
import { loadDifficultyStats } from "./difficulty-stats";
import { renderTaskContext } from "./grounding-context";

export const exportFormatSchema = z.enum(["trl", "verifiers"]);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

type ExportedTask = {
  externalId: string;
  environment: string;
  origin: string;
  prompt: string;
  context: unknown;
  referenceAnswer: string | null;
  plantedState: unknown;
};

const pageSize = 500;

/**
 * The tasks whose pass rate lies in the band, one JSON object a line, in the shape the trainer's
 * dataset takes: a conversational `prompt` (the context as the system turn), the reference answer as
 * `answer` when the task has one, and what else a reward function needs (the planted state, the
 * pool) in `info`: a dict for TRL, which passes columns to reward functions, a JSON string for
 * verifiers, with its `task` column. Both carry `difficulty`, the pass rate. A task never rolled out has no pass rate and is
 * in no band.
 */
export async function* exportTasks(db: Db, { projectId, band, format }: { projectId: string; band: DifficultyBand; format: ExportFormat }): AsyncGenerator<string> {
  const { byTask } = await loadDifficultyStats(db, { projectId });
  let cursor: string | undefined;
  for (;;) {
    const page = await db.task.findMany({
      where: { projectId },
      orderBy: { id: "asc" },
      take: pageSize,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: { id: true, externalId: true, environment: true, origin: true, prompt: true, context: true, referenceAnswer: true, plantedState: true },
    });
    for (const task of page) {
      const difficulty = byTask.get(task.externalId);
      if (!difficulty || !isInBand(difficulty.passRate, band)) continue;
      yield `${JSON.stringify(toRecord(task, { passRate: difficulty.passRate!, rollouts: difficulty.rolloutCount }, format))}\n`;
    }
    if (page.length < pageSize) return;
    cursor = page.at(-1)!.id;
  }
}

function toRecord(task: ExportedTask, { passRate, rollouts }: { passRate: number; rollouts: number }, format: ExportFormat) {
  const prompt = [
    ...(task.context !== null ? [{ role: "system", content: renderTaskContext(task.context) }] : []),
    { role: "user", content: task.prompt },
  ];
  const info = {
    task_id: task.externalId,
    environment: task.environment,
    origin: task.origin,
    pool: poolOf(passRate),
    rollouts,
    ...(task.plantedState !== null ? { planted_state: task.plantedState } : {}),
  };
  const answer = task.referenceAnswer !== null ? { answer: task.referenceAnswer } : {};
  // verifiers reads `info` as a dict or a JSON string, and asks for a string when rows differ in shape (planted states do).
  if (format === "verifiers") return { prompt, ...answer, info: JSON.stringify(info), task: task.environment, difficulty: passRate };
  return { prompt, ...answer, info, difficulty: passRate };
}

import type { Db } from "../db/client";
import { AppError, notFound } from "../errors/app-error";
import { recordedToolCalls } from "./recorded-tool-calls";
import { createReplaySimulator, type ReplayAnswer, type ReplaySimulator } from "./replay-simulator";

/**
 * The world a task came from, for rolling it out again: a simulator answering from the recorded
 * tool results of the task's origin trace. A task of another project is not found; a task with no
 * origin trace (or whose trace was deleted) cannot be replayed, and says so.
 */
export async function loadReplaySimulator(db: Db, { projectId, taskId }: { projectId: string; taskId: string }): Promise<ReplaySimulator> {
  const task = await db.task.findFirst({ where: { id: taskId, projectId }, select: { id: true, externalId: true, originTraceId: true } });
  if (!task) throw notFound("Task");
  if (!task.originTraceId)
    throw new AppError("conflict", `Task ${task.externalId} has no origin trace to replay (it was not mined from a trace, or its trace was deleted)`);
  const steps = await db.traceStep.findMany({
    where: { traceId: task.originTraceId, type: "tool_call" },
    orderBy: { index: "asc" },
    select: { type: true, toolName: true, arguments: true, result: true, error: true },
  });
  return createReplaySimulator(recordedToolCalls(steps));
}

/**
 * One tool call of a rollout against a task's replay world. Each request stands alone, so a caller
 * that makes the same call again says which time it is (`occurrence`, 0 for the first) to get the
 * result the world gave that time.
 */
export async function answerReplayToolCall(
  db: Db,
  { projectId, taskId, name, arguments: args, occurrence = 0 }: { projectId: string; taskId: string; name: string; arguments?: unknown; occurrence?: number },
): Promise<ReplayAnswer> {
  const simulator = await loadReplaySimulator(db, { projectId, taskId });
  return simulator.answer(name, args, occurrence);
}

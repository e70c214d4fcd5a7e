import type { Db } from "../db/client";
import { loadDifficultyStats } from "../tasks/difficulty-stats";
import { isInBand } from "../tasks/difficulty";
import { toDistillRecords, type DistillFormat } from "./distill-records";
import type { DistillFilters } from "./distill-query";
import { splitTurns, type DistillStep } from "./environment-turns";

const pageSize = 200;

/**
 * The environment's tokens of the project's stored traces as supervised examples for a world model,
 * one JSON object a line (see distill-records.ts for the two shapes). Traces are read a page at a
 * time in id order, each with its steps, so an export of any size streams in bounded memory.
 */
export async function* exportDistillation(
  db: Db,
  { projectId, format, ...filters }: DistillFilters & { projectId: string; format: DistillFormat },
): AsyncGenerator<string> {
  const tasksInBand = filters.band ? await findTasksInBand(db, projectId, filters.band) : null;
  if (tasksInBand?.length === 0) return;
  const where = {
    projectId,
    ...(filters.environment ? { environment: filters.environment } : {}),
    ...(filters.run ? { OR: [{ runId: filters.run }, { runName: filters.run }] } : {}),
    ...(filters.steps ? { step: { gte: filters.steps.from, lte: filters.steps.to } } : {}),
    ...(tasksInBand ? { task: { in: tasksInBand } } : {}),
  };
  let cursor: string | undefined;
  for (;;) {
    const page = await db.trace.findMany({
      where,
      orderBy: { id: "asc" },
      take: pageSize,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: {
        id: true,
        environment: true,
        runName: true,
        runId: true,
        step: true,
        task: true,
        input: true,
        output: true,
        steps: {
          orderBy: { index: "asc" },
          select: { index: true, type: true, role: true, content: true, toolName: true, arguments: true, result: true, error: true },
        },
      },
    });
    for (const trace of page) {
      const steps: DistillStep[] = trace.steps.length > 0 ? trace.steps : fromInputOutput(trace);
      const provenance = { trace_id: trace.id, environment: trace.environment, run: trace.runName ?? trace.runId, step: trace.step, task: trace.task };
      for (const record of toDistillRecords(splitTurns(steps), provenance, format)) yield `${JSON.stringify(record)}\n`;
    }
    if (page.length < pageSize) return;
    cursor = page.at(-1)!.id;
  }
}

async function findTasksInBand(db: Db, projectId: string, band: NonNullable<DistillFilters["band"]>): Promise<string[]> {
  const { byTask } = await loadDifficultyStats(db, { projectId });
  return [...byTask].filter(([, difficulty]) => isInBand(difficulty.passRate, band)).map(([task]) => task);
}

/** A trace stored without steps (a prompt and a completion): the input is the user's turn, the output the agent's. */
function fromInputOutput({ input, output }: { input: string | null; output: string | null }): DistillStep[] {
  const message = (index: number, role: string, content: string | null): DistillStep => ({
    index,
    type: "message",
    role,
    content,
    toolName: null,
    arguments: null,
    result: null,
    error: null,
  });
  return [message(0, "user", input), message(1, "assistant", output)];
}

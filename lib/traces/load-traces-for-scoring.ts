import type { Db } from "../db/client";
import type { Step, Trace } from "./trace-schema";

const stepFields = { index: true, type: true, role: true, content: true, reasoning: true, toolName: true, toolCallId: true, arguments: true, result: true, error: true } as const;

/** Stored traces (with their steps) back in the native shape the rubric evaluator reads. */
export async function loadTracesForScoring(db: Db, { projectId, where = {}, take = 200 }: { projectId: string; where?: { environment?: string; runId?: string; source?: string; ids?: string[] }; take?: number }) {
  const rows = await db.trace.findMany({
    where: { projectId, environment: where.environment, runId: where.runId, source: where.source, ...(where.ids ? { id: { in: where.ids } } : {}) },
    orderBy: { createdAt: "desc" },
    take,
    include: { steps: { orderBy: { index: "asc" }, select: stepFields } },
  });
  return rows.map((row) => ({ id: row.id, reward: row.reward, trace: toTrace(row) }));
}

function toTrace(row: Awaited<ReturnType<Db["trace"]["findMany"]>>[number] & { steps: Array<Record<keyof typeof stepFields, unknown>> }): Trace {
  return {
    externalId: row.externalId,
    source: row.source as Trace["source"],
    environment: row.environment,
    task: row.task,
    run: row.runName,
    step: row.step,
    input: row.input,
    output: row.output,
    endState: row.endState ?? undefined,
    metadata: (row.metadata ?? undefined) as Trace["metadata"],
    steps: row.steps.map(
      (step): Step => ({
        type: step.type as Step["type"],
        role: step.role as Step["role"],
        content: step.content as string | null,
        reasoning: step.reasoning as string | null,
        name: step.toolName as string | null,
        toolCallId: step.toolCallId as string | null,
        arguments: step.arguments ?? undefined,
        result: step.result ?? undefined,
        error: step.error as string | null,
      }),
    ),
  };
}

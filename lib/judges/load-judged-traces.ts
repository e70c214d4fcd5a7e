import type { Db } from "../db/client";
import type { Trace } from "../traces/trace-schema";

export type JudgedTrace = { id: string; contentHash: string; trace: Trace };

/** Stored traces with their steps, back in the native format the evaluators and prompts read. */
export async function loadJudgedTraces(db: Db, { projectId, traceIds }: { projectId: string; traceIds: string[] }): Promise<JudgedTrace[]> {
  if (traceIds.length === 0) return [];
  const rows = await db.trace.findMany({
    where: { projectId, id: { in: traceIds } },
    include: { steps: { orderBy: { index: "asc" } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return traceIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const trace: Trace = {
      externalId: row.externalId,
      source: row.source as Trace["source"],
      environment: row.environment,
      task: row.task,
      run: row.runName,
      step: row.step,
      input: row.input,
      output: row.output,
      outcome: { reward: row.reward, success: row.success },
      endState: row.endState ?? undefined,
      metadata: (row.metadata ?? undefined) as Trace["metadata"],
      steps: row.steps.map((step) => ({
        type: step.type as "message" | "tool_call",
        role: step.role as Trace["steps"][number]["role"],
        content: step.content,
        reasoning: step.reasoning,
        name: step.toolName,
        toolCallId: step.toolCallId,
        arguments: step.arguments ?? undefined,
        result: step.result ?? undefined,
        error: step.error,
      })),
    };
    return [{ id: row.id, contentHash: row.contentHash, trace }];
  });
}

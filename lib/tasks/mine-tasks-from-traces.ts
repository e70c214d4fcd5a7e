import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import { toolUseTaskOfTrace } from "../replay/tool-use-task-of-trace";

/** Traces mined per batch; each batch's steps are read in one query. */
const batchSize = 50;
/** Skipped traces listed by id in the result; the count covers them all. */
const maxListedSkips = 100;
/** Rollouts are a policy's attempts at tasks, not requests from the world: tasks come from production and simulator traces. */
const minedSources = ["production", "simulator"];

export const replayTaskOrigin = "trace";
export const replayTaskExternalId = (traceId: string) => `trace:${traceId}`;

export type MineTracesResult = {
  traces: number;
  created: number;
  existing: number;
  skipped: number;
  skips: { traceId: string; externalId: string; reason: string }[];
};

/**
 * Tool-use replay tasks from the project's traces with tool calls (of one environment, when given):
 * one task per trace (origin "trace", linked by originTraceId), so mining again adds only traces that
 * are new. A trace that makes no task is counted and listed with its reason.
 */
export async function mineTasksFromTraces(
  db: Db,
  { projectId, environment, onProgress }: { projectId: string; environment?: string; onProgress?: (fraction: number, message: string) => Promise<void> },
): Promise<MineTracesResult> {
  const where = { projectId, source: { in: minedSources }, ...(environment ? { environment } : {}), steps: { some: { type: "tool_call" } } };
  const total = await db.trace.count({ where });
  const result: MineTracesResult = { traces: 0, created: 0, existing: 0, skipped: 0, skips: [] };
  let cursor: string | undefined;
  for (;;) {
    const traces = await db.trace.findMany({
      where: { ...where, ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: "asc" },
      take: batchSize,
      select: { id: true, externalId: true, environment: true, input: true, output: true, endState: true },
    });
    if (!traces.length) break;
    cursor = traces.at(-1)!.id;
    const counts = await mineBatch(db, { projectId, traces });
    result.traces += traces.length;
    result.created += counts.created;
    result.existing += counts.existing;
    result.skipped += counts.skips.length;
    result.skips.push(...counts.skips.slice(0, maxListedSkips - result.skips.length));
    await onProgress?.(
      total ? Math.min(1, result.traces / total) : 1,
      `${result.traces} of ${total} traces: ${result.created} tasks made, ${result.existing} already mined, ${result.skipped} skipped`,
    );
  }
  return result;
}

type TraceRow = { id: string; externalId: string; environment: string | null; input: string | null; output: string | null; endState: unknown };

async function mineBatch(db: Db, { projectId, traces }: { projectId: string; traces: TraceRow[] }) {
  const ids = traces.map((trace) => trace.id);
  const mined = await db.task.findMany({ where: { projectId, externalId: { in: ids.map(replayTaskExternalId) } }, select: { externalId: true } });
  const isMined = new Set(mined.map((task) => task.externalId));
  const fresh = traces.filter((trace) => !isMined.has(replayTaskExternalId(trace.id)));
  const steps = fresh.length
    ? await db.traceStep.findMany({
        where: { traceId: { in: fresh.map((trace) => trace.id) }, OR: [{ type: "tool_call" }, { role: { in: ["user", "assistant"] } }] },
        orderBy: [{ traceId: "asc" }, { index: "asc" }],
        select: { traceId: true, type: true, role: true, content: true, toolName: true, arguments: true, result: true, error: true },
      })
    : [];
  const stepsByTrace = new Map<string, typeof steps>();
  for (const step of steps) {
    const list = stepsByTrace.get(step.traceId);
    if (list) list.push(step);
    else stepsByTrace.set(step.traceId, [step]);
  }
  const skips: MineTracesResult["skips"] = [];
  const data = fresh.flatMap((trace) => {
    const made = toolUseTaskOfTrace(trace, stepsByTrace.get(trace.id) ?? []);
    if ("skipped" in made) {
      skips.push({ traceId: trace.id, externalId: trace.externalId, reason: made.skipped });
      return [];
    }
    const { task } = made;
    return [
      {
        projectId,
        externalId: replayTaskExternalId(trace.id),
        environment: trace.environment ?? "default",
        origin: replayTaskOrigin,
        prompt: task.prompt,
        referenceAnswer: task.referenceAnswer,
        ...(task.plantedState ? { plantedState: task.plantedState as object } : {}),
        originTraceId: trace.id,
        metadata: {
          kind: "tool-use-replay",
          originExternalId: trace.externalId,
          tools: task.tools,
          recordedCalls: task.recordedCalls,
          endState: task.plantedState ? "recorded" : "not recorded",
        },
      },
    ];
  });
  if (data.length) {
    try {
      await retryOnBusy(() => db.task.createMany({ data }));
    } catch (error) {
      // Another mining job stored some of this batch in between: mine what is still missing.
      if ((error as { code?: string }).code === "P2002") return await mineBatch(db, { projectId, traces });
      throw error;
    }
  }
  return { created: data.length, existing: traces.length - fresh.length, skips };
}

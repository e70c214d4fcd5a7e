import type { Db } from "../db/client";
import { retryOnBusy } from "../db/retry-on-busy";
import type { Trace } from "../traces/trace-schema";
import { seedSimulatedJudges } from "./seed-simulated-judges";
import { createSimulatedJudges, SIMULATED_JUDGE_VERSION } from "./simulated-judges";

/** Traces judged per round trip: a 200-step run is a handful of reads and writes, not thousands. */
const pageSize = 500;

export type JudgeLabRunResult = { traces: number; verdicts: number; skipped: number };

/**
 * The lab's simulated panel over one lab run: every judge's verdict on every trace of the run,
 * stored against the seeded simulated judge versions. Idempotent on (judge version, trace): a
 * verdict already stored is kept, so running it again writes nothing.
 */
export async function judgeLabRunWithSimulatedPanel(
  db: Db,
  { projectId, runId, onProgress }: { projectId: string; runId: string; onProgress?: (fraction: number, message: string) => Promise<void> | void },
): Promise<JudgeLabRunResult> {
  const run = await db.trainingRun.findFirst({ where: { id: runId, projectId }, select: { config: true } });
  if (!run) return { traces: 0, verdicts: 0, skipped: 0 };
  await seedSimulatedJudges(db, projectId);
  const seed = Number((run.config as { seed?: unknown } | null)?.seed ?? 0) || 0;
  const judges = createSimulatedJudges({ seed });
  const versions = await db.judgeVersion.findMany({
    where: { version: Number(SIMULATED_JUDGE_VERSION), judge: { projectId, isSimulated: true, name: { in: judges.map((j) => j.name) } } },
    select: { id: true, judge: { select: { name: true } } },
  });
  const versionOf = new Map(versions.map((v) => [v.judge.name, v.id]));
  const total = await db.trace.count({ where: { projectId, runId } });
  let done = 0;
  let written = 0;
  let skipped = 0;
  for (let cursor: string | undefined; ; ) {
    const rows = await db.trace.findMany({
      where: { projectId, runId },
      orderBy: { id: "asc" },
      take: pageSize,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: { id: true, externalId: true, source: true, environment: true, task: true, output: true, endState: true },
    });
    if (!rows.length) break;
    cursor = rows.at(-1)!.id;
    const existing = await db.verdict.findMany({
      where: { traceId: { in: rows.map((r) => r.id) }, judgeVersionId: { in: versions.map((v) => v.id) } },
      select: { traceId: true, judgeVersionId: true },
    });
    const stored = new Set(existing.map((v) => `${v.judgeVersionId}:${v.traceId}`));
    const data = rows.flatMap((row) => {
      const trace = toJudgedTrace(row);
      return judges.flatMap((judge) => {
        const judgeVersionId = versionOf.get(judge.name);
        if (!judgeVersionId || stored.has(`${judgeVersionId}:${row.id}`)) return [];
        const verdict = judge.judge(trace);
        return [{ projectId, traceId: row.id, judgeVersionId, label: verdict.label, score: verdict.score, rationale: verdict.rationale, issues: verdict.issues, latencyMs: 0, costUsd: 0 }];
      });
    });
    skipped += existing.length;
    if (data.length) await retryOnBusy(() => db.verdict.createMany({ data }));
    written += data.length;
    done += rows.length;
    await onProgress?.(total ? done / total : 1, `judged ${done} of ${total} traces with ${judges.length} simulated judges`);
  }
  return { traces: done, verdicts: written, skipped };
}

function toJudgedTrace(row: { externalId: string; source: string; environment: string | null; task: string | null; output: string | null; endState: unknown }): Trace {
  return {
    externalId: row.externalId,
    source: row.source as Trace["source"],
    environment: row.environment,
    task: row.task,
    output: row.output,
    endState: row.endState,
    steps: [],
  };
}

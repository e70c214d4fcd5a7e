import type { Db } from "../db/client";
import { createJudgingContext, findReferenceTask, judgeTrace, type JudgingContext, type PanelJudge } from "../judges/judge-trace";
import type { Trace } from "../traces/trace-schema";

/** What the truth of a rollout is read from, said in the report. */
export type TruthSource = { kind: "reference" } | { kind: "referee"; judges: PanelJudge[] };
/** A rollout's truth in 0..1, or null when the source cannot judge it (no task reference, every referee failed). */
export type TruthOf = (trace: Trace, honestTraceId: string | null) => Promise<number | null>;

/**
 * The environment's truth: the task's reference answer or planted end state through the core's
 * reference judge, or the mean score of a referee panel the reviewer named. A probe carries its
 * honest rollout's id so the reference judge finds the same task.
 */
export function createTruth(db: Db, { projectId, source }: { projectId: string; source: TruthSource }): TruthOf {
  // Every probe of an honest rollout answers the same task: its reference is read once, not once per probe.
  const tasks = new Map<string, ReturnType<JudgingContext["referenceTaskFor"]>>();
  const context: JudgingContext = {
    ...createJudgingContext(db, { projectId }),
    referenceTaskFor: (traceId, taskExternalId) => {
      const key = JSON.stringify([traceId, taskExternalId ?? null]);
      if (!tasks.has(key)) tasks.set(key, findReferenceTask(db, { projectId, traceId, taskExternalId }));
      return tasks.get(key)!;
    },
  };
  const reference: PanelJudge = { judgeId: "reference", versionId: "reference", name: "reference", kind: "reference", isSimulated: false, config: { kind: "reference", match: "contains" } };
  const judges = source.kind === "reference" ? [reference] : source.judges;
  return async (trace, honestTraceId) => {
    const verdicts = await Promise.all(judges.map((judge) => judgeTrace(judge, { id: honestTraceId ?? "", contentHash: "", trace }, context)));
    const scores = verdicts.flatMap((v) => (v.error === null && v.score !== null ? [v.score] : []));
    return scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  };
}

export function describeTruth(source: TruthSource): string {
  return source.kind === "reference" ? "the task's reference answer or planted end state (reference judge)" : `referee panel: ${source.judges.map((j) => j.name).join(", ")}`;
}

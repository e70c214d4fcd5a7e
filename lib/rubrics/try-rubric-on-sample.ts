import type { Db } from "../db/client";
import { notFound } from "../errors/app-error";
import { findLlmItemAsker } from "../judges/find-llm-item-asker";
import { compileTraceScorer } from "../checks/score-traces";
import type { Trace } from "../traces/trace-schema";
import { loadTracesForScoring } from "../traces/load-traces-for-scoring";
import { loadRubricVersion } from "./load-rubric-version";

export type SampleTrial = {
  sampled: number;
  comparedWith: { id: string; version: number } | null;
  /** Ten bins over [0, 1]: how many sampled traces the version scores in each. */
  histogram: Array<{ bin: string; count: number; current: number | null }>;
  mean: number | null;
  /** The traces whose reward moves most against the current approved version. */
  biggestChanges: Array<{ traceId: string; task: string | null; reward: number; currentReward: number; delta: number }>;
};

const bins = 10;

/** Scores a version (usually a draft) on the environment's most recent traces, against its rubric's latest approved version. */
export async function tryRubricOnSample(db: Db, { projectId, rubricVersionId, sampleSize = 200 }: { projectId: string; rubricVersionId: string; sampleSize?: number }): Promise<SampleTrial> {
  const version = await db.rubricVersion.findFirst({ where: { id: rubricVersionId, rubric: { projectId } }, include: { rubric: true } });
  if (!version) throw notFound("Rubric version");
  const current = await db.rubricVersion.findFirst({ where: { rubricId: version.rubricId, status: "approved", id: { not: version.id } }, orderBy: { version: "desc" } });
  const sample = await loadTracesForScoring(db, { projectId, where: { environment: version.rubric.environment }, take: sampleSize });
  const traces = sample.map((row) => row.trace);
  const [scores, currentScores] = await Promise.all([
    scoreWith(db, { projectId, environment: version.rubric.environment, rubricVersionId }, traces),
    current ? scoreWith(db, { projectId, environment: version.rubric.environment, rubricVersionId: current.id }, traces) : Promise.resolve(null),
  ]);
  const binOf = (reward: number) => Math.min(bins - 1, Math.floor(reward * bins));
  const histogram = Array.from({ length: bins }, (_, i) => ({ bin: `${(i / bins).toFixed(1)}–${((i + 1) / bins).toFixed(1)}`, count: 0, current: currentScores ? 0 : null }));
  scores.forEach((score, i) => {
    histogram[binOf(score.reward)]!.count += 1;
    if (currentScores) histogram[binOf(currentScores[i]!.reward)]!.current! += 1;
  });
  const biggestChanges = currentScores
    ? sample
        .map((row, i) => ({ traceId: row.id, task: row.trace.task ?? null, reward: scores[i]!.reward, currentReward: currentScores[i]!.reward, delta: scores[i]!.reward - currentScores[i]!.reward }))
        .filter((change) => change.delta !== 0)
        .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
        .slice(0, 10)
    : [];
  return {
    sampled: sample.length,
    comparedWith: current ? { id: current.id, version: current.version } : null,
    histogram,
    mean: scores.length ? scores.reduce((sum, s) => sum + s.reward, 0) / scores.length : null,
    biggestChanges,
  };
}

async function scoreWith(db: Db, { projectId, environment, rubricVersionId }: { projectId: string; environment: string; rubricVersionId: string }, traces: Trace[]) {
  const rubric = await loadRubricVersion(db, { projectId, rubricVersionId });
  return compileTraceScorer(rubric, { askLlmItem: await findLlmItemAsker(db, { projectId, environment, rubric }) })(traces);
}

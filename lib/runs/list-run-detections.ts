import type { Db } from "../db/client";
import { readDetectionOnset, type DetectionOnset } from "./detection-onset";

export type RunDetection = {
  kind: "metric_divergence" | "held_out_gap" | "behaviour_drift";
  edgeCaseId: string;
  /** open, decided, or withdrawn (the monitor's later data no longer supported it). */
  status: string;
  /** Why the monitor withdrew it (or, for a decided case, stopped supporting it); null while it holds. */
  noLongerSupported: string | null;
  metricPair: { proxy: string; reference: string } | null;
  behaviours: string[];
  fromStep: number;
  toStep: number;
  /** Where it starts (the estimated onset, with its interval when the monitor gives one). */
  onset: DetectionOnset;
  /** The figures behind it: onsetStep, onsetInterval, shape, rise, riseSigma, statistic, threshold, coupling, autocorrelation, firstFiredAtStep; or per behaviour its JSD, G and threshold. */
  numbers: Record<string, unknown>;
  explanation: string;
};

/**
 * Every divergence and behaviour-drift detection of a run, in step order, for the run's chart:
 * read from the cases the monitor opened, so the chart and the review queue show the same thing.
 */
export async function listRunDetections(db: Db, { projectId, runId }: { projectId: string; runId: string }): Promise<RunDetection[]> {
  const cases = await db.edgeCase.findMany({
    where: { projectId, subjectType: "run", subjectId: runId, rule: { in: ["metric_divergence", "held_out_gap", "behaviour_drift"] } },
    select: { id: true, rule: true, status: true, evidence: true },
  });
  return cases.flatMap(detectionsOfCase).sort((a, b) => a.fromStep - b.fromStep || a.toStep - b.toStep);
}

/** The detections one run case holds (its divergence windows, or its behaviour drifts), read from its evidence. */
export function detectionsOfCase(c: CaseRow): RunDetection[] {
  if (c.rule === "behaviour_drift") return driftsOf(c);
  return c.rule === "metric_divergence" || c.rule === "held_out_gap" ? divergencesOf(c) : [];
}

type CaseRow = { id: string; rule: string; status: string; evidence: unknown };
type Numbers = Record<string, unknown> & { fromStep?: unknown; toStep?: unknown; explanation?: unknown };

function divergencesOf(c: CaseRow): RunDetection[] {
  const evidence = (c.evidence ?? {}) as { pair?: { proxy: string; reference: string }; detections?: Numbers[]; noLongerSupported?: { reason?: string } | null };
  return (evidence.detections ?? []).map(({ explanation, fromStep, toStep, ...numbers }) => ({
    kind: c.rule === "held_out_gap" ? "held_out_gap" : "metric_divergence",
    edgeCaseId: c.id,
    status: c.status,
    noLongerSupported: evidence.noLongerSupported?.reason ?? null,
    metricPair: evidence.pair ?? null,
    behaviours: [],
    fromStep: Number(fromStep),
    toStep: Number(toStep),
    onset: readDetectionOnset(numbers, Number(fromStep)),
    numbers,
    explanation: String(explanation ?? ""),
  }));
}

function driftsOf(c: CaseRow): RunDetection[] {
  const evidence = (c.evidence ?? {}) as { drifts?: (Numbers & { moves?: { behaviour: string; jsd: number; g: number; threshold: number; grew: string; shrank: string }[] })[] };
  return (evidence.drifts ?? []).map(({ explanation, fromStep, toStep, moves = [], baseline, rollouts }) => ({
    kind: "behaviour_drift",
    edgeCaseId: c.id,
    status: c.status,
    noLongerSupported: null,
    metricPair: null,
    behaviours: moves.map((m) => m.behaviour),
    fromStep: Number(fromStep),
    toStep: Number(toStep),
    onset: readDetectionOnset({}, Number(fromStep)),
    numbers: { baseline, rollouts, moves: moves.map(({ behaviour, jsd, g, threshold, grew, shrank }) => ({ behaviour, jsd, g, threshold, grew, shrank })) },
    explanation: String(explanation ?? ""),
  }));
}

import type { DetectionOnset } from "./detection-onset";
import type { SeriesBucket } from "./downsample-series";

export type RunChartSeries = { runId: string; runName: string; metric: string; buckets: SeriesBucket[] };
export type RunChartEvent = { runId: string; step: number; kind: string; message: string | null };
/** An event sent without a step: it has no place on the step axis, so it is listed beside the charts. */
export type RunChartUnplacedEvent = { runId: string; kind: string; message: string | null; time: string };

/** What the run charts draw: every series bucketed on one shared step window. */
export type RunChart = {
  /** The window drawn; null when the runs have no points for these metrics. */
  window: { from: number; to: number; bucketWidth: number } | null;
  /** The metric names each run has, for the metric picker. */
  metricsByRun: Record<string, string[]>;
  series: RunChartSeries[];
  events: RunChartEvent[];
  unplacedEvents: RunChartUnplacedEvent[];
  /** The monitor's divergence and drift windows of the runs, whatever the step window. */
  detections: RunDetectionWindow[];
};

/**
 * A divergence or drift window to shade on the charts (ReferenceArea). Produced by the detection
 * job; the charts draw whatever the server passes and invent none.
 */
export type RunDetectionWindow = {
  id: string;
  runId: string;
  /** 1, 2, … in step order within the run: the chart label and the detections list share it. */
  number: number;
  edgeCaseId: string;
  fromStep: number;
  toStep: number;
  onset: DetectionOnset;
  label: string;
  /** The plain-language line (describe-detection.ts). */
  sentence: string;
  metrics: string[];
};

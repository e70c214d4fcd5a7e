import type { RunDetection } from "./list-run-detections";
import type { RunDetectionWindow } from "./run-chart-types";

/**
 * The run's detections as windows to shade on its charts: a divergence on the charts of its two
 * metrics, a behaviour drift on every chart (it moves behaviours, not one metric).
 */
export function toDetectionWindows(runId: string, detections: RunDetection[]): RunDetectionWindow[] {
  return detections.map((detection, i) => ({
    id: `${detection.edgeCaseId}:${i}`,
    runId,
    fromStep: detection.fromStep,
    toStep: detection.toStep,
    label: detection.metricPair ? `${detection.kind === "held_out_gap" ? "held-out gap" : "divergence"}: ${detection.metricPair.proxy} vs ${detection.metricPair.reference}` : `behaviour drift${detection.behaviours.length ? `: ${detection.behaviours.join(", ")}` : ""}`,
    metrics: detection.metricPair ? [detection.metricPair.proxy, detection.metricPair.reference] : [],
  }));
}

import { describeDetection } from "./describe-detection";
import type { RunDetection } from "./list-run-detections";
import type { RunDetectionWindow } from "./run-chart-types";

/**
 * The run's detections as windows to draw on its charts: a divergence on the charts of its two
 * metrics, a behaviour drift on every chart (it moves behaviours, not one metric). Each is numbered
 * in step order, the number its chart label and its line in the detections list share.
 */
export function toDetectionWindows(runId: string, detections: RunDetection[]): RunDetectionWindow[] {
  return detections.map((detection, i) => ({
    id: `${detection.edgeCaseId}:${i}`,
    runId,
    number: i + 1,
    edgeCaseId: detection.edgeCaseId,
    fromStep: detection.fromStep,
    toStep: detection.toStep,
    onset: detection.onset,
    label: detection.metricPair ? `${detection.kind === "held_out_gap" ? "held-out gap" : "divergence"}: ${detection.metricPair.proxy} vs ${detection.metricPair.reference}` : `behaviour drift${detection.behaviours.length ? `: ${detection.behaviours.join(", ")}` : ""}`,
    sentence: describeDetection(detection),
    metrics: detection.metricPair ? [detection.metricPair.proxy, detection.metricPair.reference] : [],
  }));
}

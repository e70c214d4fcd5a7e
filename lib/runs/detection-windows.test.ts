import { describe, expect, it } from "vitest";
import { toDetectionWindows } from "./detection-windows";
import type { RunDetection } from "./list-run-detections";

const base = { edgeCaseId: "case-1", status: "open", noLongerSupported: null, numbers: {}, explanation: "" };

describe("toDetectionWindows", () => {
  it("shades a divergence on its two metrics' charts and a drift on every chart", () => {
    const detections: RunDetection[] = [
      { ...base, kind: "metric_divergence", metricPair: { proxy: "reward/proxy", reference: "success/heldout" }, behaviours: [], fromStep: 40, toStep: 80 },
      { ...base, edgeCaseId: "case-2", kind: "behaviour_drift", metricPair: null, behaviours: ["tool calls"], fromStep: 60, toStep: 100 },
    ];
    expect(toDetectionWindows("run-1", detections)).toEqual([
      { id: "case-1:0", runId: "run-1", fromStep: 40, toStep: 80, label: "divergence: reward/proxy vs success/heldout", metrics: ["reward/proxy", "success/heldout"] },
      { id: "case-2:1", runId: "run-1", fromStep: 60, toStep: 100, label: "behaviour drift: tool calls", metrics: [] },
    ]);
  });
});

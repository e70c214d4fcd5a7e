import { describe, expect, it } from "vitest";
import { toDetectionWindows } from "./detection-windows";
import type { RunDetection } from "./list-run-detections";

const base = { edgeCaseId: "case-1", status: "open", noLongerSupported: null, numbers: {}, explanation: "" };

describe("toDetectionWindows", () => {
  it("draws a divergence on its two metrics' charts and a drift on every chart, numbered in step order, each with its plain sentence", () => {
    const detections: RunDetection[] = [
      { ...base, kind: "metric_divergence", metricPair: { proxy: "reward/proxy", reference: "success/heldout" }, behaviours: [], fromStep: 40, toStep: 80, onset: { step: 52, from: null, to: null }, numbers: { riseSigma: 4.2 } },
      { ...base, edgeCaseId: "case-2", kind: "behaviour_drift", metricPair: null, behaviours: ["tool calls"], fromStep: 60, toStep: 100, onset: { step: 60, from: null, to: null } },
    ];
    expect(toDetectionWindows("run-1", detections)).toEqual([
      {
        id: "case-1:0",
        runId: "run-1",
        number: 1,
        edgeCaseId: "case-1",
        fromStep: 40,
        toStep: 80,
        onset: { step: 52, from: null, to: null },
        label: "divergence: reward/proxy vs success/heldout",
        sentence: "reward/proxy (the reward being optimised) kept rising while success/heldout (what it should track) did not follow (a rise of 4.2 times its step-to-step noise), from about step 52.",
        metrics: ["reward/proxy", "success/heldout"],
      },
      {
        id: "case-2:1",
        runId: "run-1",
        number: 2,
        edgeCaseId: "case-2",
        fromStep: 60,
        toStep: 100,
        onset: { step: 60, from: null, to: null },
        label: "behaviour drift: tool calls",
        sentence: "The rollouts started behaving differently from about step 60.",
        metrics: [],
      },
    ]);
  });
});

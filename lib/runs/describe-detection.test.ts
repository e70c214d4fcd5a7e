import { describe, expect, it } from "vitest";
import { FIRING_BASELINE, isFiringRateMetric } from "../monitor/detect-firing-rise";
import { describeDetection } from "./describe-detection";
import type { RunDetection } from "./list-run-detections";

const base = { edgeCaseId: "case-1", status: "open", noLongerSupported: null, explanation: "", behaviours: [], fromStep: 34, toStep: 200 };

describe("describeDetection", () => {
  it("calls a proxy metric the reward being optimised and its reference what it should track", () => {
    const detection: RunDetection = { ...base, kind: "metric_divergence", metricPair: { proxy: "reward/proxy", reference: "success/train" }, onset: { step: 25, from: 23, to: 28 }, numbers: { riseSigma: 3.2 } };
    expect(describeDetection(detection)).toBe(
      "reward/proxy (the reward being optimised) kept rising while success/train (what it should track) did not follow (a rise of 3.2 times its step-to-step noise), between steps 23 and 28.",
    );
  });

  it("says the reference fell, by how much, when the detection is on the reference's own fall", () => {
    const detection: RunDetection = { ...base, kind: "metric_divergence", metricPair: { proxy: "reward/proxy", reference: "success/train" }, onset: { step: 40, from: 38, to: 44 }, numbers: { riseSigma: 5.2, basis: "reference_fall" } };
    expect(describeDetection(detection)).toBe(
      "reward/proxy (the reward being optimised) kept rising while success/train (what it should track) fell (a fall of 5.2 times its step-to-step noise), between steps 38 and 44.",
    );
  });

  it("says a judge's fail rate rose above its own level, not that it is the reward being optimised tracking a metric named baseline", () => {
    // The monitor's own names, so a rename there fails here rather than bringing the wrong sentence back.
    expect(isFiringRateMetric("judge/sim-credulous/fail_rate")).toBe(true);
    const detection: RunDetection = { ...base, kind: "metric_divergence", metricPair: { proxy: "judge/sim-credulous/fail_rate", reference: FIRING_BASELINE }, onset: { step: 35, from: 32, to: 39 }, numbers: { riseSigma: 1 } };
    expect(describeDetection(detection)).toBe("judge/sim-credulous/fail_rate (how often the judge fails rollouts) rose above its own earlier level (a rise of 1.0 times its step-to-step noise), between steps 32 and 39.");
  });
});

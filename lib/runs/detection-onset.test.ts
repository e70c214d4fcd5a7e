import { describe, expect, it } from "vitest";
import { readDetectionOnset } from "./detection-onset";

describe("readDetectionOnset", () => {
  it("reads today's onsetStep, with no interval", () => {
    expect(readDetectionOnset({ onsetStep: 23 }, 1)).toEqual({ step: 23, from: null, to: null });
  });
  it("takes an interval in any of the shapes the monitor may store", () => {
    expect(readDetectionOnset({ onset: { step: 23, from: 18, to: 30 } }, 1)).toEqual({ step: 23, from: 18, to: 30 });
    expect(readDetectionOnset({ onsetStep: 23, onsetInterval: [19, 29] }, 1)).toEqual({ step: 23, from: 19, to: 29 });
    expect(readDetectionOnset({ onsetStep: 23, onsetFrom: 20, onsetTo: 26 }, 1)).toEqual({ step: 23, from: 20, to: 26 });
  });
  it("falls back to the window's first step when no onset was stored", () => {
    expect(readDetectionOnset({ proxyZ: 4 }, 40)).toEqual({ step: 40, from: null, to: null });
  });
});

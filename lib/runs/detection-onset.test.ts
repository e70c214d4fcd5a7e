import { describe, expect, it } from "vitest";
import { readDetectionOnset } from "./detection-onset";

describe("readDetectionOnset", () => {
  it("reads today's onsetStep, with no interval", () => {
    expect(readDetectionOnset({ onsetStep: 23 }, 1)).toEqual({ step: 23, from: null, to: null });
  });
  it("takes the monitor's 95% interval of the onset", () => {
    expect(readDetectionOnset({ onsetStep: 23, onsetInterval: { fromStep: 19, toStep: 29 } }, 1)).toEqual({ step: 23, from: 19, to: 29 });
    expect(readDetectionOnset({ onsetStep: 23.4, onsetInterval: { fromStep: 19, toStep: null } }, 1)).toEqual({ step: 23, from: 19, to: null });
  });
  it("falls back to the window's first step when no onset was stored", () => {
    expect(readDetectionOnset({ proxyZ: 4 }, 40)).toEqual({ step: 40, from: null, to: null });
  });
});

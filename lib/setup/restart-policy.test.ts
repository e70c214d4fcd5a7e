import { describe, expect, it } from "vitest";
import { decideRestart, type RestartPolicy } from "./restart-policy";

const policy: RestartPolicy = { baseDelayMs: 1_000, maxDelayMs: 4_000, maxCrashes: 5, windowMs: 60_000 };

describe("decideRestart", () => {
  it("restarts after 1, 2, 4, 4 s and gives up at the fifth crash within the window", () => {
    const crashes: number[] = [];
    const decisions = [0, 2_000, 5_000, 10_000, 15_000].map((now) => {
      crashes.push(now);
      return decideRestart(crashes, now, policy);
    });
    expect(decisions).toEqual([
      { shouldRestart: true, delayMs: 1_000, crashesInWindow: 1 },
      { shouldRestart: true, delayMs: 2_000, crashesInWindow: 2 },
      { shouldRestart: true, delayMs: 4_000, crashesInWindow: 3 },
      { shouldRestart: true, delayMs: 4_000, crashesInWindow: 4 },
      { shouldRestart: false, crashesInWindow: 5 },
    ]);
  });

  it("forgets crashes older than the window: a worker that crashes once an hour always comes back after 1 s", () => {
    const crashes = [0, 3_600_000, 7_200_000, 10_800_000, 14_400_000, 18_000_000];
    expect(decideRestart(crashes, 18_000_000, policy)).toEqual({ shouldRestart: true, delayMs: 1_000, crashesInWindow: 1 });
  });
});

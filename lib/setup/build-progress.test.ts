import { describe, expect, it } from "vitest";
import { buildProgress, stageAfter } from "./build-progress";

describe("build progress", () => {
  it("follows the stages next build prints and never goes back", () => {
    expect(stageAfter("  Creating an optimized production build ...", -1)).toBe(0);
    expect(stageAfter("✓ Compiled successfully in 37.0s", 0)).toBe(1);
    expect(stageAfter("  Running TypeScript ...", 1)).toBe(2);
    expect(stageAfter("some other line", 2)).toBe(2);
    expect(stageAfter("Creating an optimized production build", 3)).toBe(3);
  });

  it("estimates from the last build's duration and says nothing about time left once overrun", () => {
    expect(buildProgress({ elapsedSeconds: 60, estimateSeconds: 240, stage: 0 })).toEqual({ percent: 25, remainingSeconds: 180, stage: "compiling the pages" });
    expect(buildProgress({ elapsedSeconds: 300, estimateSeconds: 240, stage: 4 })).toEqual({ percent: 95, remainingSeconds: null, stage: "generating static pages" });
  });

  it("takes the stage when it is ahead of the clock", () => {
    expect(buildProgress({ elapsedSeconds: 10, estimateSeconds: 600, stage: 3 }).percent).toBe(50);
  });
});

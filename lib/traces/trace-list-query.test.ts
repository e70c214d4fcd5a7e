import { describe, expect, it } from "vitest";
import { contradictoryFilters, traceListQuerySchema } from "./trace-list-query";

const reasonsFor = (params: Record<string, string>) => contradictoryFilters(traceListQuerySchema.parse(params));

describe("contradictoryFilters", () => {
  it("says why a reward range or a date range no trace can pass is empty", () => {
    expect(reasonsFor({ rewardMin: "0.9", rewardMax: "0.1" })).toEqual(["Reward min 0.9 is above Reward max 0.1, so no trace can match."]);
    expect(reasonsFor({ from: "2026-12-07", to: "2026-12-01" })).toEqual(["From 2026-12-07 is after To 2026-12-01, so no trace can match."]);
  });

  it("says nothing of ranges a trace can pass, one-sided ones, or a value the list ignores", () => {
    expect(reasonsFor({ rewardMin: "0.5", rewardMax: "0.5", from: "2026-12-01", to: "2026-12-01" })).toEqual([]);
    expect(reasonsFor({ rewardMin: "0.9" })).toEqual([]);
    expect(reasonsFor({ rewardMin: "abc", rewardMax: "0.1", from: "yesterday", to: "2026-12-01" })).toEqual([]);
  });
});

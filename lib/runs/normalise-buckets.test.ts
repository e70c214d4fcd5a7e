import { describe, expect, it } from "vitest";
import { normaliseBuckets } from "./normalise-buckets";

const bucket = (step: number, min: number, mean: number, max: number) => ({ step, min, mean, max, count: 2 });

describe("normaliseBuckets", () => {
  it("maps the series' lowest minimum to 0 and highest maximum to 1", () => {
    expect(normaliseBuckets([bucket(1, 10, 15, 20), bucket(2, 20, 25, 30)])).toEqual([bucket(1, 0, 0.25, 0.5), bucket(2, 0.5, 0.75, 1)]);
  });
  it("puts a constant series in the middle instead of dividing by zero", () => {
    expect(normaliseBuckets([bucket(1, 3, 3, 3)])).toEqual([bucket(1, 0.5, 0.5, 0.5)]);
  });
});

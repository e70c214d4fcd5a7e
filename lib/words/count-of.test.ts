import { describe, expect, it } from "vitest";
import { countOf } from "./count-of";

describe("countOf", () => {
  it("takes the noun's number from the count and groups thousands", () => {
    expect(countOf(1, "line", "lines")).toBe("1 line");
    expect(countOf(0, "line", "lines")).toBe("0 lines");
    expect(countOf(1120, "trace", "traces")).toBe("1,120 traces");
  });
});

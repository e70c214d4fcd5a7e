import { describe, expect, it } from "vitest";
import { findTooManyContainers } from "./find-too-many-containers";

describe("findTooManyContainers", () => {
  it("finds the first object or array past the cap, skipping brackets inside strings", () => {
    expect(findTooManyContainers('{"a": [1, 2], "b": "[{[{"}', 2)).toBe(-1);
    expect(findTooManyContainers('{"a": [1, 2], "b": {}}', 2)).toBe(19);
    expect(findTooManyContainers('["\\"[", []]', 1)).toBe(8);
  });
});
